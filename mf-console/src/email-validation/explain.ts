import type { RecipientValidationResult } from '@app/contract';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

export interface Explanation {
  /** One line: can mail be sent to this address? */
  headline: string;
  tone: Tone;
  /** What each check found, in plain words. */
  facts: Array<{ label: string; value: string }>;
}

const headlines: Record<RecipientValidationResult['result'], { text: string; tone: Tone }> = {
  valid: { text: 'Valid: mail to this address should be delivered.', tone: 'success' },
  neutral: {
    text: 'Neutral: the address looks fine, but its mailbox could not be confirmed.',
    tone: 'neutral',
  },
  risky: { text: 'Risky: mail may bounce or never be read.', tone: 'warning' },
  undeliverable: { text: 'Undeliverable: mail to this address would bounce.', tone: 'danger' },
  typo: { text: 'Probably a typo: the domain looks like a misspelt one.', tone: 'danger' },
};

const reasons: Record<NonNullable<RecipientValidationResult['reason']>, string> = {
  'Invalid Syntax': 'The address is not written as an email address (name@domain).',
  'Invalid Domain': 'The domain accepts no mail: DNS has no mail server (MX) or address for it.',
  'Invalid Recipient': 'The mail server says this mailbox does not exist.',
};

/** What the domain's DNS said, as far as the verdict shows it. */
function mailServer(result: RecipientValidationResult): string {
  if (result.reason === 'Invalid Syntax') return 'Not checked: the address is not well formed';
  if (result.reason === 'Invalid Domain') return 'None found: the domain cannot receive mail';
  if (result.result === 'valid') return 'Found: the domain publishes a mail server (MX)';
  if (result.result === 'risky') return 'Not ruled out: DNS did not refuse mail for the domain';
  if (result.delivery_confidence === 50) return 'Unknown: DNS did not answer in time';
  return 'Found: the domain receives mail';
}

const yesNo = (value: boolean, yes: string, no: string) => (value ? yes : no);

/** The engine's verdict on one address explained for a person, check by check. */
export function explain(result: RecipientValidationResult): Explanation {
  const headline = headlines[result.result];
  const facts = [
    { label: 'Valid', value: result.valid ? 'Yes' : 'No' },
    ...(result.reason ? [{ label: 'Reason', value: reasons[result.reason] }] : []),
    { label: 'Mail server', value: mailServer(result) },
    {
      label: 'Delivery confidence',
      value: `${result.delivery_confidence} out of 100`,
    },
    {
      label: 'Disposable',
      value: yesNo(
        result.is_disposable,
        'Yes: a throw-away mailbox service, often abandoned soon after sign-up',
        'No',
      ),
    },
    {
      label: 'Role address',
      value: yesNo(
        result.is_role,
        'Yes: a shared mailbox such as info@ or support@, read by a team rather than a person',
        'No',
      ),
    },
    {
      label: 'Free provider',
      value: yesNo(result.is_free, 'Yes: a free webmail service such as Gmail or Yahoo', 'No'),
    },
  ];
  return { headline: headline.text, tone: headline.tone, facts };
}
