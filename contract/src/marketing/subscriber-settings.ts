import { z } from 'zod';

/**
 * Subscriber Setting: how the company's forms sign people up (used by forms, issue 26). The
 * confirmation text holds `{{confirm_link}}`, where the link goes; the mail never repeats what the
 * visitor typed.
 */
export const subscriberSettingBody = z
  .object({
    doubleOptIn: z.boolean(),
    confirmationSubject: z.string().trim().min(1, 'Enter the subject').max(200, 'At most 200 characters'),
    confirmationText: z
      .string()
      .trim()
      .min(1, 'Enter the text')
      .max(5000, 'At most 5000 characters')
      .refine(
        (text) => text.includes('{{confirm_link}}'),
        'Put {{confirm_link}} where the confirmation link goes',
      ),
    preferenceText: z.string().trim().max(5000, 'At most 5000 characters'),
  })
  .strict();

export type SubscriberSetting = z.output<typeof subscriberSettingBody>;

export const defaultSubscriberSetting: SubscriberSetting = {
  doubleOptIn: true,
  confirmationSubject: 'Please confirm your subscription',
  confirmationText:
    'Thank you for signing up. Please confirm that you want to hear from us: {{confirm_link}}\n\nIf you did not sign up, ignore this mail and nothing more will come.',
  preferenceText: 'Choose what you hear from us, or unsubscribe from everything.',
};
