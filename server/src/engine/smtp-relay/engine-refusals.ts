import { EngineError, OverQuotaError, UnverifiedDomainError } from '../../engine-error.ts';
import type { RelayRefusal } from './relay-deps.ts';

/**
 * The SMTP reply to a send the engine refused: the relay's one mapping of engine errors (undefined for
 * any other error, which the relay answers as a failure of its own).
 */
export function refusalOf(error: unknown): RelayRefusal | undefined {
  if (!(error instanceof EngineError)) return undefined;
  // Daily limits pass at midnight (try again later); the monthly quota does not.
  if (error instanceof OverQuotaError) {
    return error.passes
      ? { code: 452, message: `4.7.1 ${error.description}` }
      : { code: 550, message: `5.7.1 ${error.description}` };
  }
  // SparkPost's reply at the end of DATA for a From domain the account has not verified.
  if (error instanceof UnverifiedDomainError) {
    return { code: 550, message: `5.7.1 Unconfigured Sending Domain <${error.domain}>` };
  }
  // What X-MSYS-API names and the account does not have (a template_id, an ip_pool, a DKIM key).
  if (error.kind === 'subresourceNotFound' || error.kind === 'dkimKey') {
    return { code: 550, message: `5.6.0 X-MSYS-API header is invalid: ${error.description}` };
  }
  // Text the database cannot store, e.g. a NUL in a decoded header.
  if (error.kind === 'invalid') {
    return { code: 550, message: `5.6.0 Message cannot be stored: ${error.description}` };
  }
  return undefined;
}
