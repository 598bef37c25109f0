import { quotaExceededMessage } from '@app/contract/codes';
import { MediaNameTaken, MediaQuotaExceeded } from '../../content/media/media-store.ts';
import { DomainError } from '../../domain-error.ts';

/**
 * The console's answer to a refusal of the file store: §8 code 122 for a name taken, the plan's
 * storage quota for no room; anything else as it is.
 */
export function mediaRefusal(error: unknown): unknown {
  if (error instanceof MediaNameTaken) {
    return new DomainError('fileExists', error.message, { field: 'name' });
  }
  if (error instanceof MediaQuotaExceeded) {
    return new DomainError('quotaExceeded', quotaExceededMessage('storageLimit', 'file manager'), {
      feature: 'file manager',
      subfeature: 'storageLimit',
    });
  }
  return error;
}
