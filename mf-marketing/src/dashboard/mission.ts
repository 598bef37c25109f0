/** One step of the onboarding mission on Home (§3: onboarding percentage and features list). */
export interface MissionStep {
  key: string;
  title: string;
  description: string;
  /** Where the step is done. */
  to: string;
  done: boolean;
}

/** What the company has done so far, read from its data. */
export interface MissionFacts {
  emailSent: boolean;
  verifiedDomain: boolean;
  validatedSender: boolean;
  uploadedFile: boolean;
}

/** The mission's steps, in the order a new company takes them. */
export function missionSteps(facts: MissionFacts): MissionStep[] {
  return [
    {
      key: 'email',
      title: 'Send your first email',
      description: 'Send a campaign, or try the API or the SMTP relay with a test email.',
      to: '/configuration',
      done: facts.emailSent,
    },
    {
      key: 'domain',
      title: 'Verify a sending domain',
      description: 'Publish its DKIM and SPF records so your mail is trusted.',
      to: '/domain/sending',
      done: facts.verifiedDomain,
    },
    {
      key: 'sender',
      title: 'Add and confirm a sender',
      description: 'The address your campaigns come from, confirmed by a link we mail to it.',
      to: '/sender',
      done: facts.validatedSender,
    },
    {
      key: 'file',
      title: 'Upload your logo',
      description: 'Files in the File Manager can go into every email, page and form.',
      to: '/file-manager',
      done: facts.uploadedFile,
    },
  ];
}

/** The share of steps done, as a whole percentage. */
export const missionPercent = (steps: readonly MissionStep[]): number =>
  steps.length === 0 ? 100 : Math.round((steps.filter((step) => step.done).length / steps.length) * 100);
