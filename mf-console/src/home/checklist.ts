import type { FlagPath, ProductTourFlag } from '@app/contract';

/** What the getting-started checklist reads from the engine (all real state, none remembered). */
export interface JourneyState {
  environment: 'sandbox' | 'production';
  verifiedRecipients: number;
  sandboxEmailSent: boolean;
  profileCompleted: boolean;
  sendingDomains: number;
  verifiedSendingDomains: number;
  apiKeys: number;
  productionMessages: number;
}

export interface ChecklistStep {
  id: string;
  title: string;
  /** What doing it gets you, in one sentence. */
  why: string;
  done: boolean;
  /** Where the user does it. */
  to: string;
  action: string;
  /** The §3 product-tour flag that records the step, set once the step is seen done. */
  flag?: ProductTourFlag;
  /** The §6 flag of the place where the step is done: a profile without it leaves the step out. */
  feature: FlagPath;
}

/**
 * The six steps from sign-up to mail sent from the customer's own code, in the order a newcomer
 * takes them. Each is done by what the engine holds, so a step done through the API counts too. A
 * step still to do in a place the company's §6 profile leaves out is not offered.
 */
export function checklistSteps(state: JourneyState, featureOn: (path: FlagPath) => boolean = () => true) {
  return allSteps(state).filter((step) => step.done || featureOn(step.feature));
}

function allSteps(state: JourneyState): ChecklistStep[] {
  const domainTo = state.sendingDomains > 0 ? '/domain/sending' : '/domain/add';
  return [
    {
      id: 'recipient',
      feature: 'configuration',
      title: 'Verify an authorized recipient',
      why: 'Sandbox mail only reaches addresses that confirmed they want it.',
      done: state.verifiedRecipients > 0,
      to: '/configuration',
      action: 'Add a recipient',
      flag: 'sandboxSetAuthorizedRecipient',
    },
    {
      id: 'test',
      feature: 'configuration',
      title: 'Send a test email',
      why: 'See a real message in the sandbox inbox: its HTML, text, headers and source.',
      done: state.sandboxEmailSent,
      to: '/configuration',
      action: 'Send a test',
      flag: 'sandboxEmailSent',
    },
    {
      id: 'profile',
      feature: 'app.environment',
      title: 'Complete your company profile',
      why: 'Production opens once we know who is sending.',
      done: state.profileCompleted,
      to: '/welcome-to-production',
      action: 'Complete the profile',
      flag: 'productionDataCompletion',
    },
    {
      id: 'domain',
      feature: 'sendingDomain.create',
      title: 'Add and verify a sending domain',
      why: 'Production mail is sent from your own domain, signed with its DKIM key.',
      done: state.verifiedSendingDomains > 0,
      to: domainTo,
      action: state.sendingDomains > 0 ? 'Verify the domain' : 'Add a domain',
      flag: 'productionAddSendingDomain',
    },
    {
      id: 'key',
      feature: 'apiKey.create',
      title: 'Create an API key',
      why: 'Your code authenticates to the API and the SMTP relay with it.',
      done: state.apiKeys > 0,
      to: '/api-key/create',
      action: 'Create a key',
      flag: 'productionAddApiKeys',
    },
    {
      id: 'code',
      feature: 'apiKey.instruction',
      title: 'Send from your code',
      why: 'Call the API or the SMTP relay with your key; the first delivered message completes the set-up.',
      done: state.productionMessages > 0,
      to: '/api-instruction',
      action: 'See how',
      flag: 'productionEmailSent',
    },
  ];
}

/** The flags of steps now done that the stored tour does not have yet. */
export function flagsToRecord(steps: ChecklistStep[], tour: Partial<Record<ProductTourFlag, boolean>>) {
  return steps.flatMap((step) => (step.done && step.flag && !tour[step.flag] ? [step.flag] : []));
}
