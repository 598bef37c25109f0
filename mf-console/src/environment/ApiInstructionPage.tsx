import type { SandboxData } from '@app/contract';
import {
  Alert,
  Button,
  CodeBlock,
  CopyField,
  EmptyState,
  LinkButton,
  Page,
  Panel,
  Skeleton,
  useLoad,
} from '@app/shared';
import { loadSandboxData } from '../sandbox/api.ts';
import { apiInstructionEnabled } from './support.ts';

function transmissionExample(apiBaseUrl: string): string {
  return `curl -X POST ${apiBaseUrl}/transmissions \\
  -H "Authorization: $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "recipients": [{ "address": { "email": "customer@example.com" } }],
    "content": {
      "from": { "email": "hello@your-domain.com", "name": "Your Company" },
      "subject": "Your order {{order_id}} is on its way",
      "text": "Hi {{name}}, your order {{order_id}} has shipped.",
      "html": "<p>Hi {{name}}, your order <b>{{order_id}}</b> has shipped.</p>"
    },
    "substitution_data": { "name": "Rina", "order_id": "A-1042" }
  }'`;
}

function relayExample(smtp: SandboxData['sending']['smtp']): string {
  // A self-signed relay certificate would make the copied snippet fail: the snippet says to accept it.
  const tls =
    smtp.certificate === 'self-signed'
      ? `\n  tls: { rejectUnauthorized: false }, // this server's certificate is self-signed`
      : '';
  return `// Node.js with nodemailer
import nodemailer from 'nodemailer';

const transport = nodemailer.createTransport({
  host: '${smtp.host}',
  port: ${smtp.port},
  secure: false,          // STARTTLS after connecting
  requireTLS: true,${tls}
  auth: { user: '${smtp.username}', pass: process.env.API_KEY },
});

await transport.sendMail({
  from: 'hello@your-domain.com',
  to: 'customer@example.com',
  subject: 'Hello from the SMTP relay',
  text: 'It works.',
});`;
}

/** §2 api-instruction: how to send with the REST API and the SMTP relay, with this server's own values. */
export function ApiInstructionPage() {
  const enabled = apiInstructionEnabled();
  const facts = useLoad(() => (enabled ? loadSandboxData() : Promise.resolve(null)), [enabled]);

  if (!enabled) {
    return (
      <Page title="API Instruction">
        <Panel>
          <EmptyState title="The API instruction is not available for this account">
            Ask your administrator for the sending settings.
          </EmptyState>
        </Panel>
      </Page>
    );
  }

  const data = facts.data;
  return (
    <Page
      title="API Instruction"
      description="Send from your application with the REST API or through the SMTP relay. Both take an API key."
      actions={
        <>
          <LinkButton variant="primary" to="/api-key/create">
            Create an API key
          </LinkButton>
          <LinkButton to="/api/docs/" external>
            API reference (OpenAPI)
          </LinkButton>
        </>
      }
    >
      {facts.status === 'failed' && !data ? (
        <Alert type="danger">
          The sending settings could not be loaded.{' '}
          <Button variant="text" onClick={facts.reload}>
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <Skeleton lines={8} label="Loading the sending settings ..." />
      ) : (
        <>
          {data.environment === 'sandbox' ? (
            <Alert type="info" title="You are in the sandbox.">
              Mail goes only to your authorized recipients and lands in the sandbox inbox.
            </Alert>
          ) : null}
          <Panel title="REST API">
            <p>
              The API follows SparkPost's transmissions API: send JSON to the base URL below with an API key
              in the <code>Authorization</code> header (the key itself, no "Bearer").
            </p>
            <CopyField label="Base URL" value={data.sending.apiBaseUrl} />
            <CopyField
              label="Authorization header"
              value="Authorization: <your API key>"
              hint="Create a key with the transmissions/modify grant on the API key page."
            />
            <CodeBlock
              label="Send a transmission with curl"
              code={transmissionExample(data.sending.apiBaseUrl)}
            />
          </Panel>
          <Panel title="SMTP relay">
            <p>
              Any SMTP client can send through the relay. Sign in with the user name below and an API key with
              the <code>smtp/inject</code> grant as the password.
            </p>
            <div className="app-form-row">
              <CopyField label="Host" value={data.sending.smtp.host} />
              <CopyField label="Port" value={String(data.sending.smtp.port)} />
            </div>
            <div className="app-form-row">
              <CopyField label="User name" value={data.sending.smtp.username} />
              <CopyField
                label="Password"
                value="<your API key>"
                hint="An API key with the smtp/inject grant."
              />
            </div>
            <dl className="app-definitions">
              <dt>Encryption</dt>
              <dd>
                STARTTLS, required before signing in (only connections from the server's own machine may skip
                it)
              </dd>
              <dt>Authentication</dt>
              <dd>AUTH PLAIN or AUTH LOGIN</dd>
            </dl>
            <CodeBlock label="Send through the relay with Node.js" code={relayExample(data.sending.smtp)} />
          </Panel>
        </>
      )}
    </Page>
  );
}
