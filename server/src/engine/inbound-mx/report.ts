import type { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { type BounceClass, isHardBounce } from '../bounces/bounce-classes.ts';
import { classifyReply, parseReplyLine, type SmtpReply } from '../bounces/classify.ts';

/** A permanent delivery failure reported after the message left (RFC 3464, Action: failed). */
export interface BounceReport {
  kind: 'bounce';
  bounceClass: BounceClass;
  hard: boolean;
  errorCode: string;
  /** The remote server's answer as reported, `550 5.1.1 <jane@...>: User unknown`. */
  rawReason: string;
  /** rawReason without the addresses in it. */
  reason: string;
}

/** A recipient's complaint relayed by their mailbox provider (RFC 5965). */
export interface ComplaintReport {
  kind: 'complaint';
  feedbackType: string;
  userAgent: string;
  reportedBy: string;
  originalRcptTo: string;
}

/** Anything this MX does not act on, with the reason given to the sender. */
export interface OtherMessage {
  kind: 'other';
  why: string;
}

export type InboundReport = BounceReport | ComplaintReport | OtherMessage;

/** Report parts are a few lines; reading more of a huge one only holds the event loop. */
const maxReportPartBytes = 64 * 1024;

/** Feedback types that are a complaint about the mail (RFC 5965 §7.3); not-spam and auth-failure are not. */
const complaintTypes = new Set(['abuse', 'fraud', 'virus', 'other']);

/**
 * The fields of a report part (message/delivery-status, message/feedback-report): blocks separated
 * by blank lines, folded lines joined, names lower-cased; the first value of a repeated name wins.
 */
export function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (current.size > 0) blocks.push(current);
      current = new Map();
      last = undefined;
    } else if (/^[ \t]/.test(line) && last !== undefined) {
      current.set(last, `${current.get(last) ?? ''} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      if (!current.has(last)) current.set(last, line.slice(colon + 1).trim());
      else last = undefined;
    }
  }
  if (current.size > 0) blocks.push(current);
  return blocks;
}

/** `rfc822; jane@x.test` or `dns; mx.x.test` → the value after the type. */
const typedValue = (value: string | undefined): string => (value ?? '').replace(/^[^;]*;\s*/, '').trim();

function withoutAddresses(text: string): string {
  return text
    .replace(/<[^<>\s]*@[^<>\s]*>:?/g, '')
    .replace(/[^\s<>"]+@[^\s<>"]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function bounceOf(recipient: Map<string, string>): BounceReport {
  const status = (recipient.get('status') ?? '').match(/^[245]\.\d{1,3}\.\d{1,3}/)?.[0];
  const diagnostic = typedValue(recipient.get('diagnostic-code'));
  const parsed = parseReplyLine(diagnostic);
  // Without an SMTP answer the status alone speaks: 5.x.x permanent, 4.x.x temporary.
  const reply: SmtpReply = parsed ?? {
    code: status?.startsWith('4') ? 450 : 550,
    enhanced: status,
    text: diagnostic,
  };
  const enhanced = reply.enhanced ?? status;
  const rawReason = [String(reply.code), enhanced, reply.text].filter(Boolean).join(' ');
  const bounceClass = classifyReply({ ...reply, enhanced }) ?? 1;
  return {
    kind: 'bounce',
    bounceClass,
    hard: isHardBounce(bounceClass),
    errorCode: String(reply.code),
    rawReason,
    reason: withoutAddresses(rawReason),
  };
}

function deliveryStatusReport(part: string): InboundReport {
  const [, ...recipients] = fieldBlocks(part);
  const failed = recipients.find((block) => (block.get('action') ?? '').toLowerCase() === 'failed');
  if (!failed) {
    return {
      kind: 'other',
      why: 'this delivery status notification reports no failure (Action: delayed, delivered, relayed or expanded needs nothing from us)',
    };
  }
  return bounceOf(failed);
}

function feedbackReport(part: string, from: string): InboundReport {
  const fields = fieldBlocks(part)[0] ?? new Map<string, string>();
  const feedbackType = (fields.get('feedback-type') ?? '').toLowerCase();
  if (!feedbackType) return { kind: 'other', why: 'this feedback report has no Feedback-Type' };
  if (!complaintTypes.has(feedbackType)) {
    return { kind: 'other', why: `a feedback report of type ${feedbackType} is not a complaint` };
  }
  const reportingMta = typedValue(fields.get('reporting-mta'));
  const fromDomain = from.slice(from.lastIndexOf('@') + 1);
  return {
    kind: 'complaint',
    feedbackType,
    userAgent: fields.get('user-agent') ?? '',
    reportedBy: reportingMta || fromDomain,
    originalRcptTo: typedValue(fields.get('original-rcpt-to')) || (fields.get('original-rcpt-to') ?? ''),
  };
}

const notAReport: OtherMessage = {
  kind: 'other',
  why: 'this address takes only delivery status notifications (RFC 3464) and feedback reports (RFC 5965)',
};

/**
 * What an inbound message is: a bounce, a complaint, or something else. mailparser reads the
 * stream chunk by chunk; only the start of a report part is read.
 */
export async function readReport(source: Readable): Promise<InboundReport> {
  const mail = await simpleParser(source, { keepDeliveryStatus: true, skipHtmlToText: true });
  const contentType = mail.headers.get('content-type');
  const type =
    typeof contentType === 'object' && 'params' in contentType && typeof contentType.value === 'string'
      ? { value: contentType.value, params: contentType.params as Record<string, string | undefined> }
      : undefined;
  if (type?.value.toLowerCase() !== 'multipart/report') return notAReport;
  const reportType = (type.params['report-type'] ?? '').toLowerCase();
  const partOf = (...types: string[]) =>
    mail.attachments.find((attachment) => types.includes(attachment.contentType.toLowerCase()));
  if (reportType === 'delivery-status') {
    const part = partOf('message/delivery-status', 'message/global-delivery-status');
    return part ? deliveryStatusReport(part.content.toString('utf8', 0, maxReportPartBytes)) : notAReport;
  }
  if (reportType === 'feedback-report') {
    const part = partOf('message/feedback-report');
    const from = mail.from?.value[0]?.address ?? '';
    return part ? feedbackReport(part.content.toString('utf8', 0, maxReportPartBytes), from) : notAReport;
  }
  return notAReport;
}
