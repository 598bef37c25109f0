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

/** Composes one recipient's MIME message with nodemailer's composer; never reads files or URLs. */
export function composeMessage(input: ComposeInput): Promise<Buffer> {
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
    to:
      input.headerTo ??
      (input.rcptTo.name ? { name: input.rcptTo.name, address: input.rcptTo.email } : input.rcptTo.email),
    subject: content.subject,
    ...(content.text === undefined ? {} : { text: content.text }),
    ...(content.html === undefined ? {} : { html: content.html }),
    ...(content.amp_html === undefined ? {} : { amp: content.amp_html }),
    ...(content.reply_to === undefined ? {} : { replyTo: content.reply_to }),
    headers: content.headers ?? {},
    messageId: input.messageId,
    date: input.date,
    attachments: files,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
