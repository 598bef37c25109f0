import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import type { RenderedContent } from '../substitution/render.ts';
import { type ComposeInput, createComposer } from './compose.ts';

const content: RenderedContent = {
  from: { email: 'news@acme.test', name: 'Acme' },
  subject: 'Hello',
  html: '<p>Hello there</p>',
  text: 'Hello there',
};

const input = (
  rcptTo: ComposeInput['rcptTo'],
  n: number,
  parts: RenderedContent = content,
): ComposeInput => ({
  content: parts,
  rcptTo,
  messageId: `<m${n}@acme.test>`,
  date: new Date(Date.UTC(2026, 10, 22, 8, n)),
});

/** What nodemailer alone makes of the same input, with the boundary made comparable. */
async function composedByNodemailer(message: ComposeInput): Promise<string> {
  const { content: parts } = message;
  const raw = await new MailComposer({
    from: parts.from.name ? { name: parts.from.name, address: parts.from.email } : parts.from.email,
    to: message.rcptTo.name
      ? { name: message.rcptTo.name, address: message.rcptTo.email }
      : message.rcptTo.email,
    subject: parts.subject,
    text: parts.text,
    html: parts.html,
    ...(parts.amp_html === undefined ? {} : { amp: parts.amp_html }),
    ...(parts.reply_to === undefined ? {} : { replyTo: parts.reply_to }),
    headers: parts.headers ?? {},
    messageId: message.messageId,
    date: message.date,
    textEncoding: 'quoted-printable',
  })
    .compile()
    .build();
  return sameBoundary(raw.toString('latin1'));
}

const sameBoundary = (message: string) => message.replace(/--_NmP-[0-9a-f]+-Part_/g, '--_NmP-BOUNDARY-Part_');

describe('composer', () => {
  it('gives each recipient of the same content their own To, Message-ID and Date', async () => {
    const composer = createComposer();
    const first = await composer.compose(input({ email: 'ann@example.test', name: 'Ann Lee' }, 1));
    const second = await composer.compose(input({ email: 'bob@example.test' }, 2));
    const quoted = await composer.compose(input({ email: 'cy@example.test', name: 'Lee, Cy' }, 3));
    const [a, b, c] = await Promise.all([first, second, quoted].map((raw) => simpleParser(raw)));
    expect(a?.to).toMatchObject({ value: [{ address: 'ann@example.test', name: 'Ann Lee' }] });
    expect(b?.to).toMatchObject({ value: [{ address: 'bob@example.test', name: '' }] });
    expect(c?.to).toMatchObject({ value: [{ address: 'cy@example.test', name: 'Lee, Cy' }] });
    expect([a?.messageId, b?.messageId, c?.messageId]).toEqual([
      '<m1@acme.test>',
      '<m2@acme.test>',
      '<m3@acme.test>',
    ]);
    expect(b?.date?.toISOString()).toBe('2026-11-22T08:02:00.000Z');
    expect(b?.subject).toBe('Hello');
    expect(b?.text?.trim()).toBe('Hello there');
    expect(b?.html).toContain('<p>Hello there</p>');
    expect(second.toString()).not.toContain('zzCompose');
  });

  it('writes personalised content as nodemailer does: subjects, bodies, encodings', async () => {
    const composer = createComposer();
    const samples: RenderedContent[] = [
      { ...content, subject: 'Hi Ann', text: 'Plain ASCII\r\nline two', html: '<p>a = b</p>' },
      {
        ...content,
        subject:
          'Héllo wörld, a subject long enough that nodemailer folds it over several lines of the header',
        text: `Ünïcode ✓ and a very long line ${'x'.repeat(120)} end\r\n.starts with a dot\r\ntrailing space \r\n`,
        html: `<p style="color:red">Zoë &amp; ${'y'.repeat(100)}</p>`,
      },
      { ...content, subject: 'Only text =?not-encoded?=', text: 'short', html: undefined },
      { ...content, subject: 'With AMP', amp_html: '<html ⚡4email><body>amp ✓</body></html>' },
      { ...content, reply_to: 'help@acme.test', headers: { 'X-Campaign': 'spring' } },
    ];
    for (const [n, sample] of samples.entries()) {
      const message = input({ email: `r${n}@example.test`, name: 'Reader One' }, n, sample);
      const spliced = sameBoundary((await composer.compose(message)).toString('latin1'));
      const reference = await composedByNodemailer(message);
      // Parts are always quoted-printable here; nodemailer alone sends pure-ASCII parts as 7bit.
      const partsPresent = [sample.text, sample.html, sample.amp_html].filter((part) => part !== undefined);
      if (partsPresent.every((part) => [...part].some((char) => char.charCodeAt(0) > 0x7f))) {
        expect(spliced).toBe(reference);
      }
      const [ours, theirs] = await Promise.all([simpleParser(spliced), simpleParser(reference)]);
      for (const field of [
        'subject',
        'text',
        'html',
        'messageId',
        'date',
        'from',
        'to',
        'replyTo',
      ] as const) {
        expect(ours[field], `${field} of sample ${n}`).toEqual(theirs[field]);
      }
      expect(ours.headers.get('x-campaign')).toEqual(theirs.headers.get('x-campaign'));
    }
  });

  it('gives every message boundaries of its own, so content cannot open parts with a known one', async () => {
    const composer = createComposer();
    const boundaryOf = (raw: Buffer) => /boundary="([^"]+)"/.exec(raw.toString())?.[1];
    const first = await composer.compose(input({ email: 'a@example.test' }, 1));
    const known = boundaryOf(first) ?? '';
    const attack = { ...content, text: `hi\r\n--${known}\r\nContent-Type: text/html\r\n\r\n<p>injected</p>` };
    const second = await composer.compose(input({ email: 'b@example.test' }, 2, attack));
    expect(boundaryOf(second)).not.toBe(known);
    const parsed = await simpleParser(second);
    expect(parsed.html).toContain('<p>Hello there</p>');
    expect(parsed.html).not.toContain('injected');
    expect(parsed.text).toContain('injected');
  });

  it('composes in full when the To needs encoding or header_to is set', async () => {
    const composer = createComposer();
    const raw = await composer.compose(input({ email: 'zoe@example.test', name: 'Zoë' }, 4));
    const parsed = await simpleParser(raw);
    expect(parsed.to).toMatchObject({ value: [{ address: 'zoe@example.test', name: 'Zoë' }] });
    const copy = await simpleParser(
      await composer.compose({ ...input({ email: 'cc@example.test' }, 5), headerTo: 'main@example.test' }),
    );
    expect(copy.to).toMatchObject({ value: [{ address: 'main@example.test' }] });
  });
});
