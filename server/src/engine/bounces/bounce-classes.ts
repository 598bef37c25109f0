/**
 * SparkPost's bounce classification codes (support article "Bounce Classification Codes"): the
 * `bounce_class` of bounce and out_of_band events. The category decides what follows: a hard
 * bounce puts the recipient on the suppression list (source "Bounce Rule").
 */
export type BounceCategory = 'Hard' | 'Soft' | 'Block' | 'Admin' | 'Undetermined';

export const bounceClasses = {
  1: { name: 'Undetermined', category: 'Undetermined' },
  10: { name: 'Invalid Recipient', category: 'Hard' },
  20: { name: 'Soft Bounce', category: 'Soft' },
  21: { name: 'DNS Failure', category: 'Soft' },
  22: { name: 'Mailbox Full', category: 'Soft' },
  23: { name: 'Too Large', category: 'Soft' },
  24: { name: 'Timeout', category: 'Soft' },
  25: { name: 'Admin Failure', category: 'Admin' },
  30: { name: 'Generic Bounce: No RCPT', category: 'Hard' },
  40: { name: 'Generic Bounce', category: 'Soft' },
  50: { name: 'Mail Block', category: 'Block' },
  51: { name: 'Spam Block', category: 'Block' },
  52: { name: 'Spam Content', category: 'Block' },
  53: { name: 'Prohibited Attachment', category: 'Block' },
  54: { name: 'Relaying Denied', category: 'Block' },
  60: { name: 'Auto-Reply', category: 'Soft' },
  70: { name: 'Transient Failure', category: 'Soft' },
  80: { name: 'Subscribe', category: 'Admin' },
  90: { name: 'Unsubscribe', category: 'Hard' },
  100: { name: 'Challenge-Response', category: 'Soft' },
} as const satisfies Record<number, { name: string; category: BounceCategory }>;

export type BounceClass = keyof typeof bounceClasses;

export function isHardBounce(bounceClass: BounceClass): boolean {
  return bounceClasses[bounceClass].category === 'Hard';
}
