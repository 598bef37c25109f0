import { Alert, Button, Page, Skeleton, useLoad } from '@app/shared';
import { useState } from 'react';
import { ApiPanel } from './ApiPanel.tsx';
import { AuthorizedRecipientsPanel } from './AuthorizedRecipientsPanel.tsx';
import { loadSandboxData } from './api.ts';
import { SmtpPanel } from './SmtpPanel.tsx';
import { defaultContent, type TestContent, TestEmailPanel } from './TestEmailPanel.tsx';

/** A sender address for the samples: sandbox@ the console's host, when that host is a domain. */
function sampleSender(apiBaseUrl: string): string {
  const host = new URL(apiBaseUrl).hostname;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? `sandbox@${host}` : 'sandbox@example.com';
}

/** /configuration: the page a developer lives on — who may receive, a test send, the relay, the API. */
export function ConfigurationPage() {
  const loaded = useLoad(loadSandboxData, []);
  const [content, setContent] = useState<TestContent | null>(null);
  const [apiKey, setApiKey] = useState<string | null>(null);
  const data = loaded.data;
  const sandbox = data?.environment === 'sandbox';

  return (
    <Page
      title="Configuration"
      description={
        data
          ? sandbox
            ? 'You are in the sandbox: authorize recipients, send a test email, then send from your code.'
            : 'Send a test email and copy the settings for your code.'
          : undefined
      }
    >
      {data === undefined ? (
        loaded.status === 'failed' ? (
          <Alert type="danger" title="The configuration could not be loaded">
            <Button variant="secondary" onClick={loaded.reload}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Skeleton lines={6} label="Loading the configuration ..." />
        )
      ) : (
        <>
          {sandbox ? (
            <AuthorizedRecipientsPanel
              list={data.authorizedRecipients}
              onChange={() => {
                loaded.reload();
              }}
            />
          ) : null}
          <TestEmailPanel
            data={data}
            content={content ?? defaultContent(sampleSender(data.sending.apiBaseUrl))}
            onContent={setContent}
            onSent={loaded.reload}
          />
          <SmtpPanel smtp={data.sending.smtp} apiKey={apiKey} />
          <ApiPanel
            data={data}
            content={content ?? defaultContent(sampleSender(data.sending.apiBaseUrl))}
            apiKey={apiKey}
            onKey={setApiKey}
          />
        </>
      )}
    </Page>
  );
}
