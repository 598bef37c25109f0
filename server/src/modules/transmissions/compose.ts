import MailComposer from 'nodemailer/lib/mail-composer';
import type { RenderedContent } from '../substitution/render.ts';

export interface FilePart {
  name: string;
  type: string;
  /** base64 */
  data: string;
}

export interface ComposeInput {
  content: RenderedContent;
  /** The envelope recipient. */
  rcptTo: { email: string; name?: string };
  /** What the To header shows (SparkPost's header_to: cc and bcc recipients see the original To). */
  headerTo?: string;
  messageId: string;
  date: Date;
  attachments?: readonly FilePart[];
  inlineImages?: readonly FilePart[];
}

const placeholder = {
  to: 'to@compose-placeholder.invalid',
  messageId: '<id@compose-placeholder.invalid>',
  date: new Date(0),
};

/** Composes one recipient's MIME message with nodemailer's composer; never reads files or URLs. */
function composeWithNodemailer(
  input: ComposeInput,
  to: string | { name: string; address: string },
): Promise<Buffer> {
  const { content } = input;
  const files = [
    ...(input.attachments ?? []).map((file) => ({
      filename: file.name,
      contentType: file.type,
      content: file.data,
      encoding: 'base64',
    })),
    ...(input.inlineImages ?? []).map((file) => ({
      filename: file.name,
      contentType: file.type,
      content: file.data,
      encoding: 'base64',
      cid: file.name,
    })),
  ];
  const composer = new MailComposer({
    from: content.from.name ? { name: content.from.name, address: content.from.email } : content.from.email,
    to,
    subject: content.subject,
    ...(content.text === undefined ? {} : { text: content.text }),
    ...(content.html === undefined ? {} : { html: content.html }),
    ...(content.amp_html === undefined ? {} : { amp: content.amp_html }),
    ...(content.reply_to === undefined ? {} : { replyTo: content.reply_to }),
    headers: content.headers ?? {},
    messageId: input.messageId,
    date: input.date,
    attachments: files,
    // Choosing the encoding by scanning the text costs as much as the rest of the composition.
    textEncoding: 'quoted-printable',
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}

/** A To value that needs no MIME encoding: plain ASCII, so it can be spliced into a composed message. */
function plainTo(rcptTo: ComposeInput['rcptTo']): string | undefined {
  const printable = /^[\x21-\x7e]+$/;
  if (!printable.test(rcptTo.email)) return undefined;
  if (!rcptTo.name) return rcptTo.email;
  if (!/^[\x20-\x7e]+$/.test(rcptTo.name) || rcptTo.name.length > 60) return undefined;
  const atom = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(rcptTo.name);
  const name = atom ? rcptTo.name : `"${rcptTo.name.replace(/(["\\])/g, '\\$1')}"`;
  return `${name} <${rcptTo.email}>`;
}

/** RFC 5322 date as nodemailer writes it. */
const headerDate = (date: Date) => date.toUTCString().replace(/GMT/, '+0000');

export type Composer = ReturnType<typeof createComposer>;

/**
 * Composes messages with nodemailer, once per distinct content: recipients of the same content
 * (most of a batch without personalisation, or repeated sends of one notification) get a copy of
 * one composed message with their own To, Message-ID and Date lines. Recipients whose To needs
 * MIME encoding, or with header_to, are composed individually.
 */
export function createComposer(maxEntries = 100) {
  const templates = new Map<string, Promise<string>>();

  function templateFor(input: ComposeInput): Promise<string> {
    // Attachments make the key large; such messages share a template only within one call site's input.
    const key = JSON.stringify([input.content, input.attachments ?? [], input.inlineImages ?? []]);
    const found = templates.get(key);
    if (found) return found;
    const made = composeWithNodemailer(
      { ...input, messageId: placeholder.messageId, date: placeholder.date },
      placeholder.to,
    ).then((raw) => raw.toString('latin1'));
    if (templates.size >= maxEntries) templates.delete(templates.keys().next().value ?? '');
    if (key.length <= 512 * 1024) templates.set(key, made);
    return made;
  }

  return {
    async compose(input: ComposeInput): Promise<Buffer> {
      const to = plainTo(input.rcptTo);
      if (input.headerTo !== undefined || to === undefined) {
        const address = input.rcptTo.name
          ? { name: input.rcptTo.name, address: input.rcptTo.email }
          : input.rcptTo.email;
        return composeWithNodemailer(input, input.headerTo ?? address);
      }
      const template = await templateFor(input);
      const end = template.indexOf('\r\n\r\n');
      const header = `\r\n${template.slice(0, end + 2)}`
        .replace(`\r\nTo: ${placeholder.to}\r\n`, `\r\nTo: ${to}\r\n`)
        .replace(`\r\nMessage-ID: ${placeholder.messageId}\r\n`, `\r\nMessage-ID: ${input.messageId}\r\n`)
        .replace(`\r\nDate: ${headerDate(placeholder.date)}\r\n`, `\r\nDate: ${headerDate(input.date)}\r\n`)
        .slice(2);
      // Never send a placeholder: should nodemailer ever write these lines differently, compose in full.
      if (header.includes('compose-placeholder.invalid') || header.includes(headerDate(placeholder.date))) {
        return composeWithNodemailer(input, to);
      }
      return Buffer.from(header + template.slice(end + 2), 'latin1');
    },
  };
}
