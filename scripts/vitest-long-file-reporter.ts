/**
 * Names the test files that have run for more than two minutes (no file of ours takes more than
 * ~20 s), every two minutes while they run: when a run hangs, its log says where.
 */
const reportAfterMs = 120_000;

export default class LongFileReporter {
  private readonly running = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  onTestModuleStart(module: { moduleId: string }): void {
    this.running.set(module.moduleId, Date.now());
    this.timer ??= setInterval(() => this.report(), reportAfterMs).unref();
  }

  onTestModuleEnd(module: { moduleId: string }): void {
    this.running.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  private report(): void {
    const now = Date.now();
    for (const [file, started] of this.running) {
      const seconds = Math.round((now - started) / 1000);
      if (seconds * 1000 >= reportAfterMs) console.log(`[still running after ${seconds} s] ${file}`);
    }
  }
}
