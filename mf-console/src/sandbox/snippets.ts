/** What the snippets of /configuration are filled with. */
export interface SnippetInput {
  /** The engine's API base, e.g. https://mail.example.com/api/v1. */
  apiBaseUrl: string;
  smtp: { host: string; port: number; username: string; certificate: 'configured' | 'self-signed' };
  /** The user's new key, or the placeholder while there is none. */
  apiKey: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const keyPlaceholder = '<YOUR_API_KEY>';

/** The JSON body of POST /transmissions for the snippets. */
export function transmissionBody(input: SnippetInput) {
  return {
    recipients: [{ address: { email: input.to } }],
    content: { from: input.from, subject: input.subject, text: input.text, html: input.html },
  };
}

/** A POSIX shell single-quoted word: a quote inside becomes '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A curl command that POSTs `body` as JSON to the engine's /transmissions with the API key. */
export function curlTransmission(apiBaseUrl: string, apiKey: string, body: unknown): string {
  return [
    `curl -X POST ${shellQuote(`${apiBaseUrl}/transmissions`)} \\`,
    `  -H ${shellQuote(`Authorization: ${apiKey}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(body))}`,
  ].join('\n');
}

export function curlSnippet(input: SnippetInput): string {
  return curlTransmission(input.apiBaseUrl, input.apiKey, transmissionBody(input));
}

const js = (value: unknown) => JSON.stringify(value);

export function nodeSnippet(input: SnippetInput): string {
  const origin = new URL(input.apiBaseUrl).origin;
  const body = JSON.stringify(transmissionBody(input), null, 2).replace(/\n/g, '\n  ');
  return [
    '// npm install sparkpost',
    "const SparkPost = require('sparkpost');",
    '',
    `const client = new SparkPost(${js(input.apiKey)}, { origin: ${js(origin)} });`,
    '',
    'client.transmissions',
    `  .send(${body})`,
    "  .then((answer) => console.log('Transmission', answer.results.id))",
    '  .catch((error) => console.error(error));',
  ].join('\n');
}

export function nodemailerSnippet(input: SnippetInput): string {
  const tls =
    input.smtp.certificate === 'self-signed'
      ? [
          "  // This server's relay uses a self-signed certificate: accept it (the operator can",
          '  // configure a real one with SMTP_TLS_CERT and SMTP_TLS_KEY).',
          '  tls: { rejectUnauthorized: false },',
        ]
      : [];
  return [
    '// npm install nodemailer',
    "const nodemailer = require('nodemailer');",
    '',
    'const transport = nodemailer.createTransport({',
    `  host: ${js(input.smtp.host)},`,
    `  port: ${input.smtp.port},`,
    '  secure: false, // plain connection upgraded with STARTTLS',
    '  requireTLS: true,',
    ...tls,
    `  auth: { user: ${js(input.smtp.username)}, pass: ${js(input.apiKey)} },`,
    '});',
    '',
    'transport',
    '  .sendMail({',
    `    from: ${js(input.from)},`,
    `    to: ${js(input.to)},`,
    `    subject: ${js(input.subject)},`,
    `    text: ${js(input.text)},`,
    `    html: ${js(input.html)},`,
    '  })',
    "  .then((info) => console.log('Accepted', info.response))",
    '  .catch((error) => console.error(error));',
  ].join('\n');
}

export function pythonSnippet(input: SnippetInput): string {
  const body = JSON.stringify(transmissionBody(input), null, 4)
    .replace(/\btrue\b/g, 'True')
    .replace(/\bfalse\b/g, 'False');
  return [
    '# pip install requests',
    'import requests',
    '',
    'response = requests.post(',
    `    ${js(`${input.apiBaseUrl}/transmissions`)},`,
    `    headers={"Authorization": ${js(input.apiKey)}},`,
    `    json=${body.replace(/\n/g, '\n    ')},`,
    ')',
    'response.raise_for_status()',
    'print("Transmission", response.json()["results"]["id"])',
  ].join('\n');
}
