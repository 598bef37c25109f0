import type { Sender } from '@app/contract/marketing/senders';
import { Button, useLoad } from '@app/shared';
import type { SenderPrefill } from './AddSenderForm.tsx';
import type { SenderApi } from './api.ts';

/**
 * Why a pending sender's domain cannot send (the refusal its confirmation would get) and the same
 * address at the company's usable domains; `onUse` (for roles that may add senders) fills the form.
 */
export function SenderSuggestion({
  api,
  sender,
  onUse,
}: {
  api: SenderApi;
  sender: Sender;
  onUse: ((prefill: SenderPrefill) => void) | undefined;
}) {
  const suggestion = useLoad(() => api.suggestion(sender.id), [api, sender.id]);
  const { data } = suggestion;
  if (suggestion.status === 'failed') {
    return <p className="muted">Whether its domain can send could not be checked.</p>;
  }
  if (!data?.problem) return null;
  return (
    <div className="muted">
      <p>{data.problem.message}</p>
      {data.addresses.length > 0 ? (
        <p>
          Instead:{' '}
          {onUse
            ? data.addresses.map((address) => (
                <Button
                  key={address}
                  size="small"
                  variant="text"
                  onClick={() => onUse({ email: address, name: sender.name })}
                >
                  Add {address}
                </Button>
              ))
            : data.addresses.join(', ')}
        </p>
      ) : null}
    </div>
  );
}
