// The onboarding survey's and production request's choices, without zod: the console lists them at
// first paint (onboarding.ts re-exports them).

/** What the survey and the production request ask about the expected volume. */
export const monthlyVolumes = [
  'Under 10,000 emails',
  '10,000 to 100,000 emails',
  '100,000 to 1 million emails',
  'Over 1 million emails',
] as const;

/** The kinds of mail a company sends (survey "what you send", production request "use case"). */
export const sendingUseCases = [
  'Transactional notifications',
  'One-time passwords and verification codes',
  'Marketing campaigns',
  'Newsletters',
  'Other',
] as const;

export const surveyRoles = [
  'Developer',
  'Marketing',
  'Product or project manager',
  'Founder or executive',
  'Other',
] as const;

export const surveySources = [
  'Search engine',
  'Friend or colleague',
  'Social media',
  'Blog or article',
  'Event or conference',
  'Other',
] as const;
