import { ApiError } from '@app/shared';

export interface ValidateRefusal {
  /** The link cannot work any more: the page offers no second try. */
  final: boolean;
  tone: 'info' | 'danger';
  /** What the §8 catalogue says of the failure. */
  message: string;
  /** What to do about it, when there is something. */
  hint?: string;
}

/**
 * What the confirmation page says when the confirmation fails. A used link means the address is
 * confirmed already; a wrong or expired token (validation) says why in its cause. Anything else
 * (the domain's SPF, the connection) may pass on a second try.
 */
export function validateRefusal(error: unknown): ValidateRefusal {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError ? (error.body as { code?: string } | undefined)?.code : undefined;
  if (code === 'linkUsed') {
    return { final: true, tone: 'info', message, hint: 'The sender address is confirmed already.' };
  }
  if (code === 'validation') {
    return {
      final: true,
      tone: 'danger',
      message,
      hint: 'Only the link of the latest confirmation mail works: a new one can be sent from Manage Sender in the console.',
    };
  }
  return { final: false, tone: 'danger', message };
}
