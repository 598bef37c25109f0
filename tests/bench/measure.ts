import { isMeasured, type Outcome } from './report.ts';
import type { SmtpLoadResult } from './smtp-load.ts';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Runs one measurement, logs its line, and turns a thrown error into a skipped cell. */
export async function measure(
  label: string,
  log: (line: string) => void,
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  log(`  ${label} ...`);
  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (error) {
    outcome = { skipped: `failed: ${(error as Error).message}` };
  }
  log(
    isMeasured(outcome)
      ? `  ${label}: ${number.format(outcome.rate)} ${outcome.unit}${[outcome.detail, outcome.note]
          .filter(Boolean)
          .map((text) => ` (${text})`)
          .join('')}`
      : `  ${label}: SKIPPED: ${outcome.skipped}`,
  );
  return outcome;
}

export function smtpOutcome(result: SmtpLoadResult): Outcome {
  if (result.accepted === 0)
    return { skipped: `no message accepted: ${result.firstFailure ?? 'unknown error'}` };
  return {
    rate: result.perSecond,
    unit: 'msg/s',
    note:
      result.failures > 0
        ? `${result.failures} attempts failed, first: ${result.firstFailure ?? 'unknown'}`
        : undefined,
  };
}
