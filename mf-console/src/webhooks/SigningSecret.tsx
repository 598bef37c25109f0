import { Button, CodeBlock, CopyField, Panel } from '@app/shared';
import { useState } from 'react';

const verifySnippet = `import { Webhook } from 'standardwebhooks';

// The raw request body, as received (not parsed and re-serialized).
const wh = new Webhook(process.env.WEBHOOK_SIGNING_SECRET);
const events = wh.verify(rawBody, {
  'webhook-id': request.headers['webhook-id'],
  'webhook-timestamp': request.headers['webhook-timestamp'],
  'webhook-signature': request.headers['webhook-signature'],
}); // throws when the signature or the timestamp is wrong`;

/**
 * The secret that signs every batch (Standard Webhooks), hidden until asked for, and how a receiver
 * checks a batch with it.
 */
export function SigningSecret({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Panel title="Signing secret">
      <p>
        Every batch carries the headers <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
        <code>webhook-signature</code>: an HMAC-SHA256 of <code>id.timestamp.body</code> with this secret (the{' '}
        <a href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer">
          Standard Webhooks
        </a>{' '}
        scheme). Check it before trusting a batch, and refuse timestamps more than five minutes old.
      </p>
      {shown ? (
        <CopyField label="Signing secret" value={secret} hint="Keep it on your server only." />
      ) : (
        <Button variant="secondary" onClick={() => setShown(true)}>
          Reveal signing secret
        </Button>
      )}
      <CodeBlock label="Verify a batch (Node.js)" code={verifySnippet} />
    </Panel>
  );
}
