/**
 * The §3 feature groups a plan is made of, in the spec's order. Access to a group needs the team's
 * plan and the install to have it on (§6); its sub-features carry the limits (-1: unlimited).
 */
export const planFeatureGroups = [
  'banner management',
  'audience',
  'customer insight',
  'contacts',
  'A/B testing',
  'landing pages',
  'email reports',
  'email marketing',
  'file manager',
  'sender',
  'transactional email',
  'templates',
  'events',
  'forms',
  'automation',
  'social media',
  'team',
  'billing',
  'URL shortener',
  'whatsapp',
  'push',
  'flow',
  'CDP',
  'DIA',
] as const;

export type PlanFeatureGroupName = (typeof planFeatureGroups)[number];
