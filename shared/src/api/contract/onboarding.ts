import { z } from 'zod';

/** Product tour flags (§3); all false for a new company. */
export const productTourFlags = [
  'sandboxSetAuthorizedRecipient',
  'sandboxWelcome',
  'productionWelcome',
  'productionDataCompletion',
  'productionAddSendingDomain',
  'productionSendingDomainCongratulation',
  'productionAddWebhook',
  'sandboxEmailSent',
  'productionEmailSent',
  'productionAddApiKeys',
  'productionAddSubAccount',
  'surveyCompletion',
  'emailValidationApiKey',
  'sandboxTryProduction',
] as const;

export type ProductTourFlag = (typeof productTourFlags)[number];

export const productTourSchema = z.object(
  Object.fromEntries(productTourFlags.map((flag) => [flag, z.boolean()])) as Record<
    ProductTourFlag,
    z.ZodBoolean
  >,
);

/**
 * Flags the console may set. productionDataCompletion and productionWelcome gate production (§4):
 * only /on-boarding/complete-profile and /on-boarding/finish-onboarding set them.
 */
export const productTourUpdateBody = productTourSchema
  .omit({ productionDataCompletion: true, productionWelcome: true })
  .partial()
  .strict();

export type ProductTour = z.output<typeof productTourSchema>;
