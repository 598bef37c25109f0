/** What the load generators send: one 2 KB message and the transmission bodies. */

export const benchEmail = 'bench@bench.test';
export const benchRecipient = 'to@bench.test';
/** The domain whose mail goes to smtp-sink in the delivery scenarios. */
export const sinkDomain = 'sink.test';

const filler = 'The quick brown fox jumps over the lazy dog while the benchmark keeps counting. ';

/** About `bytes` of plain-text lines (CRLF-terminated, none starting with a dot). */
function textOfLength(bytes: number): string {
  let text = '';
  while (bytes - text.length > 2) {
    text += `${filler.slice(0, Math.min(76, bytes - text.length - 2))}\r\n`;
  }
  return text;
}

/** A complete RFC 5322 message whose body is `bodyBytes` long, as smtp-source -l sends. */
export function smtpMessage(bodyBytes: number, from = benchEmail, to = benchRecipient): string {
  const headers = [
    `From: Bench <${from}>`,
    `To: <${to}>`,
    'Subject: Bench message',
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${Date.now()}.bench@bench.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${textOfLength(bodyBytes)}`;
}

const html = `<html><body><p>Hello {{name}}</p>${'<p>Your order has shipped and is on its way. Track it from your account page at any time.</p>'.repeat(20)}</body></html>`;
const text = `Hello {{name}}\n${'Your order has shipped and is on its way. Track it from your account page.\n'.repeat(10)}`;

/** A SparkPost transmission with `recipients` recipients and about 2 KB of HTML. */
export function transmissionBody(recipients: number): string {
  return JSON.stringify({
    recipients: Array.from({ length: recipients }, (_, n) => ({
      address: { email: recipients === 1 ? 'r@bench.test' : `r${n}@bench.test` },
      substitution_data: { name: `Reader ${n}`, n },
    })),
    content: { from: benchEmail, subject: 'Bench {{n}}', html, text },
  });
}

/**
 * Recipients `first`..`first + count - 1` at `domain`, one plain-text message of about `bodyBytes`
 * each: the load smtp-source -l gives Postfix, sent through the transmissions API.
 */
export function deliveryTransmission(
  first: number,
  count: number,
  domain: string,
  bodyBytes: number,
): string {
  return JSON.stringify({
    recipients: Array.from({ length: count }, (_, n) => ({ address: { email: `r${first + n}@${domain}` } })),
    content: { from: benchEmail, subject: 'Bench delivery', text: textOfLength(bodyBytes) },
  });
}
