import { createHash, randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import MimeNode from 'nodemailer/lib/mime-node';
import { encode, wrap } from 'nodemailer/lib/qp';
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

/** The Subject header line(s) as nodemailer writes them: encoded words and folding when needed. */
function subjectLines(subject: string): string {
  if (/^[\x20-\x7e]*$/.test(subject) && subject.length <= 60 && !subject.includes('=?')) {
    return `Subject: ${subject}`;
  }
  const node = new MimeNode('text/plain');
  node.setHeader('Subject', subject);
  const headers = node.buildHeaders();
  const end = headers.search(/\r\n(?![ \t])/);
  return end < 0 ? headers : headers.slice(0, end);
}

/**
 * Part tokens end in "é" so nodemailer picks quoted-printable for the part (pure ASCII would get 7bit,
 * and the per-recipient text could be anything); in the composed skeleton they appear QP-encoded.
 */
const partToken = (name: string) => ({
  raw: `zzCompose${name}Tokenzz\u00e9`,
  encoded: `zzCompose${name}Tokenzz=C3=A9`,
});
const parts = { text: partToken('Text'), html: partToken('Html'), amp: partToken('Amp') };

/** Where each per-recipient value sits in a composed skeleton. */
const token = {
  subject: 'zzComposeSubjectTokenzz',
  text: parts.text.encoded,
  html: parts.html.encoded,
  amp: parts.amp.encoded,
  to: placeholder.to,
  messageId: placeholder.messageId,
  date: headerDate(placeholder.date),
};

/** A composed message cut at its tokens: constant pieces, and which value goes between them. */
interface Skeleton {
  pieces: string[];
  slots: Array<keyof typeof token>;
  /** The random part of the skeleton's MIME boundaries, replaced per message (see compose). */
  boundaryId: string | undefined;
}

/** Cuts `message` at every token, each of which must occur exactly once; undefined otherwise. */
function cut(message: string, present: Array<keyof typeof token>): Skeleton | undefined {
  const found = present.map((slot) => ({ slot, at: message.indexOf(token[slot]) }));
  if (found.some(({ slot, at }) => at < 0 || message.indexOf(token[slot], at + 1) >= 0)) return undefined;
  found.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const { slot, at } of found) {
    pieces.push(message.slice(from, at));
    from = at + token[slot].length;
  }
  pieces.push(message.slice(from));
  const boundaryId = /boundary="--_NmP-([0-9a-f]+)-Part_/.exec(message)?.[1];
  return { pieces, slots: found.map(({ slot }) => slot), boundaryId };
}

/**
 * A short key for a list of files, computed once per list: every recipient of a transmission shares
 * the same list, which may hold megabytes, and must not pay for it again.
 */
const filesKeys = new WeakMap<readonly FilePart[], string>();
function filesKey(files: readonly FilePart[] | undefined): string {
  if (!files || files.length === 0) return '';
  let key = filesKeys.get(files);
  if (key === undefined) {
    key = createHash('sha256').update(JSON.stringify(files)).digest('hex');
    filesKeys.set(files, key);
  }
  return key;
}

export type Composer = ReturnType<typeof createComposer>;

/**
 * Composes messages with nodemailer once per message structure (from, reply-to, headers, which
 * parts, attachments), with tokens where the per-recipient values go. Each recipient's message is
 * that skeleton with its To, Message-ID, Date, Subject (encoded as nodemailer encodes it) and
 * parts (quoted-printable with nodemailer's encoder) put in: personalised content costs an encoding
 * per part, not a whole composition. Recipients whose To needs MIME encoding, or with header_to,
 * are composed individually.
 */
export function createComposer(maxEntries = 100) {
  const skeletons = new Map<string, Promise<Skeleton | undefined>>();

  function skeletonFor(input: ComposeInput): Promise<Skeleton | undefined> {
    const { content } = input;
    const has = {
      text: content.text !== undefined,
      html: content.html !== undefined,
      amp: content.amp_html !== undefined,
    };
    const key = JSON.stringify([
      content.from,
      content.reply_to,
      content.headers,
      has,
      filesKey(input.attachments),
      filesKey(input.inlineImages),
    ]);
    const found = skeletons.get(key);
    if (found) return found;
    const tokenContent: RenderedContent = {
      ...content,
      subject: token.subject,
      ...(has.text ? { text: parts.text.raw } : {}),
      ...(has.html ? { html: parts.html.raw } : {}),
      ...(has.amp ? { amp_html: parts.amp.raw } : {}),
    };
    const present: Array<keyof typeof token> = ['to', 'messageId', 'date', 'subject'];
    if (has.text) present.push('text');
    if (has.html) present.push('html');
    if (has.amp) present.push('amp');
    const made = composeWithNodemailer(
      { ...input, content: tokenContent, messageId: placeholder.messageId, date: placeholder.date },
      placeholder.to,
    ).then((raw) => cut(raw.toString('latin1'), present));
    if (skeletons.size >= maxEntries) skeletons.delete(skeletons.keys().next().value ?? '');
    skeletons.set(key, made);
    return made;
  }

  return {
    async compose(input: ComposeInput): Promise<Buffer> {
      const to = plainTo(input.rcptTo);
      const address = input.rcptTo.name
        ? { name: input.rcptTo.name, address: input.rcptTo.email }
        : input.rcptTo.email;
      if (input.headerTo !== undefined || to === undefined)
        return composeWithNodemailer(input, input.headerTo ?? address);
      const skeleton = await skeletonFor(input);
      if (!skeleton) return composeWithNodemailer(input, to);
      const { content } = input;
      const values: Record<keyof typeof token, () => string> = {
        to: () => to,
        messageId: () => input.messageId,
        date: () => headerDate(input.date),
        // The skeleton holds "Subject: <token>"; the whole line is replaced, encoded words included.
        subject: () => subjectLines(content.subject).slice('Subject: '.length),
        text: () => wrap(encode(content.text ?? ''), 76),
        html: () => wrap(encode(content.html ?? ''), 76),
        amp: () => wrap(encode(content.amp_html ?? ''), 76),
      };
      // Each message gets boundaries of its own: with one boundary shared by every message, anyone who
      // received one could put it in content sent to others and open MIME parts of their own.
      const fresh = randomBytes(8).toString('hex');
      const { boundaryId } = skeleton;
      const piece = (index: number) => {
        const text = skeleton.pieces[index] ?? '';
        return boundaryId ? text.replaceAll(boundaryId, fresh) : text;
      };
      let message = piece(0);
      skeleton.slots.forEach((slot, index) => {
        message += values[slot]() + piece(index + 1);
      });
      return Buffer.from(message, 'latin1');
    },
  };
}
