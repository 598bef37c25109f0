import type { SandboxData } from '@app/contract';
import {
  Alert,
  Button,
  CodeBlock,
  CopyField,
  consoleFeature,
  formatUserDateTime,
  Panel,
  Tabs,
} from '@app/shared';
import { useState } from 'react';
import { createSnippetKey } from './api.ts';
import {
  curlSnippet,
  keyPlaceholder,
  nodemailerSnippet,
  nodeSnippet,
  pythonSnippet,
  type SnippetInput,
} from './snippets.ts';
import { styles } from './styles.ts';
import type { TestContent } from './TestEmailPanel.tsx';

/**
 * Copy-ready snippets for the API and the relay, filled with this server's addresses. Keys are stored
 * hashed, so the snippets carry a placeholder until the user creates a key here (shown once).
 */
export function ApiPanel({
  data,
  content,
  apiKey,
  onKey,
}: {
  data: SandboxData;
  content: TestContent;
  apiKey: string | null;
  onKey: (key: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const sandbox = data.environment === 'sandbox';
  const mayCreate = consoleFeature('apiKey.create');
  // §6 apiKey.allowSDK: the snippet of the SparkPost client library (an SDK) only where allowed.
  const withSdk = consoleFeature('apiKey.allowSDK');
  const to =
    data.authorizedRecipients.items.find((item) => item.verified)?.email ??
    data.authorizedRecipients.items[0]?.email ??
    'recipient@example.com';
  const input: SnippetInput = {
    apiBaseUrl: data.sending.apiBaseUrl,
    smtp: data.sending.smtp,
    apiKey: apiKey ?? keyPlaceholder,
    to,
    ...content,
  };

  const create = async () => {
    setBusy(true);
    try {
      const created = await createSnippetKey(`Snippets ${formatUserDateTime(new Date())}`);
      onKey(created.results.key);
    } catch {
      // The catalogue shows the failure as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="API">
      <p className="muted">
        The API is SparkPost-compatible: base URL <code>{data.sending.apiBaseUrl}</code>, the API key in the{' '}
        <code>Authorization</code> header.
      </p>
      {sandbox ? (
        <Alert type="info" title="Sender rule in the sandbox">
          Any From address is accepted: nothing leaves the sandbox except to your verified authorized
          recipients (<code>{to}</code> in these snippets), and every message is kept in the sandbox inbox. In
          production the From domain must be a verified sending domain.
        </Alert>
      ) : (
        <Alert type="info" title="Sender rule">
          The From domain must be a verified sending domain of your account.
        </Alert>
      )}
      {apiKey ? (
        <Alert type="warning" title="Copy this key now">
          It is shown only once: the server keeps a hash of it. Leaving this page forgets it; create a new key
          if you lose it.
          <CopyField label="New API key" value={apiKey} hint="Grants: transmissions and smtp/inject" />
        </Alert>
      ) : (
        <div style={styles.actions}>
          <p className="muted">
            The snippets show <code>{keyPlaceholder}</code>: keys are shown only when they are created.
          </p>
          {mayCreate ? (
            <Button busy={busy} onClick={() => void create()}>
              Create a key for these snippets
            </Button>
          ) : null}
        </div>
      )}
      <Tabs
        label="Snippets"
        tabs={[
          { id: 'curl', title: 'curl', content: <CodeBlock label="curl" code={curlSnippet(input)} /> },
          ...(withSdk
            ? [
                {
                  id: 'node',
                  title: 'Node (sparkpost)',
                  content: <CodeBlock label="Node with the sparkpost client" code={nodeSnippet(input)} />,
                },
              ]
            : []),
          {
            id: 'nodemailer',
            title: 'nodemailer (SMTP)',
            content: <CodeBlock label="nodemailer over SMTP" code={nodemailerSnippet(input)} />,
          },
          {
            id: 'python',
            title: 'Python (requests)',
            content: <CodeBlock label="Python with requests" code={pythonSnippet(input)} />,
          },
        ]}
      />
    </Panel>
  );
}
