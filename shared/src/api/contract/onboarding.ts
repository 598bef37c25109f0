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

export const productTourUpdateBody = productTourSchema.partial();

export type ProductTour = z.output<typeof productTourSchema>;
