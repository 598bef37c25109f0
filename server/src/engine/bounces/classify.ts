import type { SmtpReply } from '../../smtp-client/replies.ts';
import type { BounceClass } from './bounce-classes.ts';

export type { SmtpReply };

/** Phrases tried in order on the reply text: the first match classifies. */
const textRules: readonly [RegExp, BounceClass][] = [
  [
    /\b(spamhaus|spamcop|barracuda|blacklist|blocklist|block list|black list|rbl|dnsbl|listed at|reputation)\b/i,
    51,
  ],
  [
    /\b(spam|unsolicited|bulk mail)\b.*\b(content|message|detected|rejected|looks)\b|\b(content|message)\b.*\bspam\b/i,
    52,
  ],
  [/\b(virus|malware|attachment|prohibited file|banned file|executable)\b/i, 53],
  [
    /\b(relay(ing)? (denied|not permitted|access denied|prohibited)|not permitted to relay|unable to relay)\b/i,
    54,
  ],
  [
    /\b(mailbox (is )?full|over ?quota|quota exceeded|exceeded (its|the) (storage|quota)|insufficient (system )?storage)\b/i,
    22,
  ],
  [/\b(too (large|big)|size (limit|exceeded)|exceeds? .*size|message size)\b/i, 23],
  [/\b(auto[- ]?reply|out of (the )?office|vacation)\b/i, 60],
  [/\b(challenge|verify you are human)\b/i, 100],
  // The sender's side refused (its address, domain or authentication), not the recipient's mailbox.
  [
    /\b(sender (address |domain )?(rejected|denied|unknown|not allowed|blocked|verify failed)|spf|dmarc|dkim)\b/i,
    50,
  ],
  [
    /\b(user unknown|unknown user|no such (user|mailbox|recipient)|does ?n[o']t exist|unknown recipient|invalid (recipient|mailbox|address)|recipient (address )?rejected|mailbox (unavailable|not found|disabled)|account (disabled|has been disabled|inactive)|user not found|unrouteable address|not a valid (mailbox|recipient))\b/i,
    10,
  ],
  [/\b(timed? ?out|timeout|connection (refused|reset|closed)|no route)\b/i, 24],
  [/\b(blocked|block|denied|policy|not allowed|prohibited|refused|rejected)\b/i, 50],
];

const maxTextChars = 1024;

/** Enhanced status codes (RFC 3463) with one meaning, read when the text says nothing recognised. */
const enhancedRules: Readonly<Record<string, BounceClass>> = {
  '1.0': 10,
  '1.1': 10,
  '1.2': 21,
  '1.3': 10,
  '1.6': 10,
  '2.1': 10,
  '2.2': 22,
  '2.3': 23,
  '3.4': 23,
  '4.1': 24,
  '4.2': 24,
  '4.4': 21,
  '4.7': 24,
  '7.1': 50,
  '7.7': 52,
};

/**
 * SparkPost's bounce class of a refusal. 2xx is no bounce (undefined). Transient (4xx) answers fall
 * back to Soft Bounce and permanent ones to Generic Bounce when nothing more specific is recognised.
 */
export function classifyReply(reply: SmtpReply): BounceClass | undefined {
  if (reply.code >= 200 && reply.code < 400) return undefined;
  const detail = reply.enhanced?.split('.').slice(1).join('.');
  const byEnhanced = detail === undefined ? undefined : enhancedRules[detail];
  // A server may answer with a very long text: the phrases are read from its start only.
  const text = reply.text.slice(0, maxTextChars);
  for (const [pattern, bounceClass] of textRules) {
    if (!pattern.test(text)) continue;
    // "Does not exist" of a whole domain (x.1.2) or a policy refusal (x.7.y) is not a bad mailbox.
    const invalidRecipient = bounceClass === 10 && byEnhanced !== undefined && byEnhanced !== 10;
    return transientOf(reply, invalidRecipient ? byEnhanced : bounceClass);
  }
  if (byEnhanced !== undefined) return transientOf(reply, byEnhanced);
  if (reply.code >= 400 && reply.code < 500) return 20;
  if (reply.code >= 500) return 40;
  return 1;
}

/** A temporary refusal never makes a hard bounce: "user unknown" with a 4xx may be a full disk. */
function transientOf(reply: SmtpReply, bounceClass: BounceClass): BounceClass {
  const transient = reply.code >= 400 && reply.code < 500;
  return transient && (bounceClass === 10 || bounceClass === 30 || bounceClass === 90) ? 20 : bounceClass;
}

/** Reads `550 5.1.1 text` (the enhanced code optional) from one line of a reply, or a DSN's Diagnostic-Code. */
export function parseReplyLine(line: string): SmtpReply | undefined {
  const match = /^\s*(?:smtp;\s*)?([245]\d\d)(?:[ -]+([245]\.\d{1,3}\.\d{1,3}))?\s*(.*)$/is.exec(line);
  if (!match) return undefined;
  return { code: Number(match[1]), enhanced: match[2], text: (match[3] ?? '').trim() };
}
