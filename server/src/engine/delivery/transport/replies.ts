import type { SmtpReply } from '../../bounces/classify.ts';

/** nodemailer's error: the server's reply in `response` when there was one. */
export interface SmtpClientError extends Error {
  code?: string;
  originalCode?: string;
  response?: string;
  responseCode?: number;
  command?: string;
  rejectedErrors?: SmtpClientError[];
}

/** One reply from a (possibly multi-line) server response: `550-5.1.1 a\n550 5.1.1 b` → 550, 5.1.1, "a b". */
export function replyOf(response: string): SmtpReply | undefined {
  const lines = response.split(/\r?\n/).filter((line) => line.trim() !== '');
  const match = /^([245]\d\d)[ -]?(?:([245]\.\d{1,3}\.\d{1,3})(?: |$))?/.exec(lines[0] ?? '');
  if (!match) return undefined;
  const text = lines
    .map((line) => line.replace(/^[245]\d\d[ -]?(?:[245]\.\d{1,3}\.\d{1,3}(?: |$))?/, '').trim())
    .filter(Boolean)
    .join(' ');
  return { code: Number(match[1]), enhanced: match[2], text };
}

/** A local failure described as a reply, so it is classified like a remote one. */
export function localReply(code: number, enhanced: string, text: string): SmtpReply {
  return { code, enhanced, text };
}

/**
 * The server's reply in an error, or one describing a failure without a reply (refused, timed out...):
 * 421 4.4.1 while connecting, 451 4.4.2 once the session was open.
 */
export function replyOfError(error: SmtpClientError, during: 'connect' | 'session'): SmtpReply {
  const response = error.rejectedErrors?.[0]?.response ?? error.response;
  const reply = response === undefined ? undefined : replyOf(response);
  if (reply) return reply;
  const cause = error.originalCode ?? error.code ?? 'error';
  const what =
    cause === 'ETIMEDOUT' || /time(d)? ?out/i.test(error.message) ? 'timed out' : 'connection failed';
  return during === 'connect'
    ? localReply(421, '4.4.1', `${what} while connecting: ${error.message} (${cause})`)
    : localReply(451, '4.4.2', `${what} during the transaction: ${error.message} (${cause})`);
}
