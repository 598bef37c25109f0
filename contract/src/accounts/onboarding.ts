import { z } from 'zod';
import { monthlyVolumes, sendingUseCases, surveyRoles, surveySources } from './onboarding-choices.ts';

export { monthlyVolumes, sendingUseCases, surveyRoles, surveySources } from './onboarding-choices.ts';

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
  // The Home page's onboarding mission was closed (§3 "Onboarding missions can be closed").
  'onboardingMissionClosed',
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

// ---- on-boarding survey (§7 "onboarding survey posts") ----------------------------------------

export const surveyBody = z
  .object({
    role: z.enum(surveyRoles, { error: 'Choose your role' }),
    sends: z
      .array(z.enum(sendingUseCases))
      .min(1, 'Choose at least one kind of email')
      .max(sendingUseCases.length)
      .refine((items) => new Set(items).size === items.length, 'Choose each kind once'),
    monthlyVolume: z.enum(monthlyVolumes, { error: 'Choose the expected monthly volume' }),
    heardFrom: z.enum(surveySources, { error: 'Choose how you heard of us' }),
  })
  .strict();

export const surveyData = z.object({
  id: z.string(),
  createdAt: z.string(),
  tour: productTourSchema,
});

export type SurveyBody = z.input<typeof surveyBody>;
export type Survey = z.output<typeof surveyData>;
