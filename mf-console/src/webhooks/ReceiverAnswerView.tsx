import type { WebhookTestResponse } from '@app/contract';
import { Alert } from '@app/shared';

const shownBody = 2000;

/** What the receiver answered a POST: its status code and (the start of) its body. */
export function ReceiverAnswerView({ answer, title }: { answer: WebhookTestResponse; title: string }) {
  const ok = answer.status >= 200 && answer.status <= 299;
  const body = answer.body.length > shownBody ? `${answer.body.slice(0, shownBody)} …` : answer.body;
  return (
    <Alert type={ok ? 'success' : 'danger'} title={title}>
      <dl className="app-definitions">
        <dt>Status code</dt>
        <dd>
          <code>{answer.status}</code>
        </dd>
        <dt>Body</dt>
        <dd>{body ? <code style={{ whiteSpace: 'pre-wrap' }}>{body}</code> : <span>(empty)</span>}</dd>
      </dl>
    </Alert>
  );
}
