/**
 * Tells the operator about an error that best-effort work met and did not pass on: the request it
 * belongs to still succeeds, but the failure is logged rather than dropped.
 */
export type ReportError = (error: unknown, what: string) => void;

/** A ReportError that logs through a pino-style logger. */
export function reportTo(logger: { error(object: object, message: string): void }): ReportError {
  return (error, what) => logger.error({ err: error }, what);
}
