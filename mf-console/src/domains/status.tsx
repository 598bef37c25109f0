import { StatusTag } from '@app/shared';

export type Verification = 'unverified' | 'pending' | 'invalid' | 'valid';

const tags: Record<Verification, { variant: 'success' | 'warning' | 'danger' | 'neutral'; label: string }> = {
  valid: { variant: 'success', label: 'Valid' },
  invalid: { variant: 'danger', label: 'Not valid' },
  pending: { variant: 'warning', label: 'Pending' },
  unverified: { variant: 'neutral', label: 'Not verified' },
};

/** A record's or a domain's verification state as a coloured label; `label` names what it is about. */
export function VerificationTag({ status, label }: { status: Verification; label?: string }) {
  const tag = tags[status];
  return <StatusTag variant={tag.variant}>{label ? `${label}: ${tag.label}` : tag.label}</StatusTag>;
}

/** The outcome of one record's last check, in the words the detail page shows. */
export function outcomeOf(status: Verification, error: string | undefined): string {
  if (status === 'valid') return 'Valid';
  if (status === 'unverified') return 'Not verified yet';
  if (status === 'pending') return 'Pending';
  // A check made earlier (or elsewhere) failed; its reason is shown after the next Verify.
  if (!error) return 'Not valid';
  if (error && /^(DNS record not found|No (SPF|DMARC) record)/.test(error)) return 'Not found';
  if (error && /^DNS query .* failed/.test(error)) return 'DNS did not answer';
  return 'Wrong value';
}
