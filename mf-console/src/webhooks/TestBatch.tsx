import { Alert, Button, Panel } from '@app/shared';
import { useState } from 'react';
import { sendTestBatch, type TestOutcome } from './api.ts';
import { ReceiverAnswerView } from './ReceiverAnswerView.tsx';

/** Sends the test batch (`[{"msys":{}}]`) to the target now and shows what the receiver answered. */
export function TestBatch({ id, target }: { id: string; target: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  async function send() {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await sendTestBatch(id));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title="Test batch">
      <p className="muted">
        POSTs a signed test batch, <code>{'[{"msys":{}}]'}</code>, to <code>{target}</code> and shows its
        answer.
      </p>
      <Button variant="secondary" busy={busy} onClick={() => void send()}>
        Send a test batch
      </Button>
      <div aria-live="polite" style={{ marginTop: 12 }}>
        {outcome?.answer ? (
          <ReceiverAnswerView
            answer={outcome.answer}
            title={
              outcome.ok ? 'Your endpoint accepted the test batch' : 'Your endpoint refused the test batch'
            }
          />
        ) : outcome && !outcome.ok ? (
          <Alert type="danger" title="The test batch did not arrive">
            {outcome.message}
          </Alert>
        ) : null}
      </div>
    </Panel>
  );
}
