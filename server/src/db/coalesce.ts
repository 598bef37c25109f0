interface Pending<Request, Result> {
  request: Request;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Coalesces concurrent calls: the first call runs at once, and the calls that arrive while a batch
 * runs go together into the next one. `runBatch` answers every request of a batch, in order. Used
 * for lookups on the sending hot path, where one query for fifty requests costs about what one
 * query for one does.
 */
export function coalesce<Request, Result>(
  runBatch: (requests: Request[]) => Promise<Result[]>,
  maxBatch = 500,
): (request: Request) => Promise<Result> {
  let waiting: Pending<Request, Result>[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, maxBatch);
        waiting = waiting.slice(batch.length);
        try {
          const results = await runBatch(batch.map((item) => item.request));
          batch.forEach((item, index) => {
            item.resolve(results[index] as Result);
          });
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      running = false;
    }
  }

  return (request) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ request, resolve, reject });
      if (!running) void drain();
    });
}
