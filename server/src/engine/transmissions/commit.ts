import { quotaExceededMessage } from '@app/contract/codes';
import { OverQuotaError } from '../../engine-error.ts';
import type { IngestUnit, ScreenedUnit } from '../messages/ingest.ts';
import { quotaFeatureGroup } from '../usage/usage-meter.ts';
import type { SendContext } from './events.ts';
import type { SendDeps } from './send-deps.ts';

/** A send over a limit, described with the console's sentence (§8). */
export function overQuota(feature: string, limitName: string): OverQuotaError {
  return new OverQuotaError(feature, limitName, quotaExceededMessage(limitName, quotaFeatureGroup));
}

/**
 * Commits a send, whichever way it came in (`/api/v1`, the SMTP relay, the console's test send):
 * its messages, events and usage in one transaction, or nothing over a limit (OverQuotaError); then
 * the bookkeeping that follows a send.
 */
export async function commitSend(
  deps: Pick<SendDeps, 'ingest' | 'markSandboxSent' | 'markTemplateUsed' | 'reportError'>,
  unit: IngestUnit | ScreenedUnit,
  send: SendContext,
): Promise<void> {
  const written = await deps.ingest.write(unit);
  if (!written.ok) throw overQuota(written.feature, written.limitName);
  // The mail is committed: bookkeeping that fails now must not turn the accepted send into an error
  // (the client would send it again).
  if (send.environment === 'sandbox' && 'messages' in unit && unit.messages.length > 0) {
    await deps
      .markSandboxSent(send.companyId)
      .catch((error: unknown) => deps.reportError(error, 'marking the sandbox as sent failed'));
  }
  if (send.templateId) {
    await deps
      .markTemplateUsed(send.companyId, send.subaccountId, send.templateId, send.injectedAt)
      .catch((error: unknown) => deps.reportError(error, "recording the template's last use failed"));
  }
}
