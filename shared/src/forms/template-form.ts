import { isEmailAddress } from '@app/contract/engine/email-address';
import { resourceId } from '@app/contract/engine/templates';
import { z } from 'zod';
import { parseSampleData } from './sample-data.ts';

// The console's template editor form (mf-console/src/templates): kept here so its zod schema is
// built from the one copy of zod the apps load through @app/shared (formSchema).

/** What the template editor holds: the engine's fields as the user types them. */
export interface TemplateFormValues {
  id: string;
  name: string;
  description: string;
  fromEmail: string;
  fromName: string;
  subject: string;
  replyTo: string;
  openTracking: boolean;
  clickTracking: boolean;
  html: string;
  text: string;
  /** The sample substitution data, as JSON text. */
  sampleData: string;
}

/** `{{...}}` may stand for an address: the engine checks it after substitution. */
const addressOrSubstitution = (value: string) => !value || value.includes('{{') || isEmailAddress(value);

export const templateFormSchema = z
  .object({
    id: z.union([z.literal(''), resourceId]),
    name: z.string().trim().min(1, 'A name is required').max(1024, 'The name is at most 1024 characters'),
    description: z.string().max(1024, 'The description is at most 1024 characters'),
    fromEmail: z
      .string()
      .trim()
      .min(1, 'A from address is required')
      .refine(addressOrSubstitution, 'Not an email address'),
    fromName: z.string(),
    subject: z.string().trim().min(1, 'A subject is required'),
    replyTo: z.string(),
    openTracking: z.boolean(),
    clickTracking: z.boolean(),
    html: z.string(),
    text: z.string(),
    sampleData: z.string(),
  })
  .superRefine((values, context) => {
    if (!values.html.trim() && !values.text.trim()) {
      context.addIssue({ code: 'custom', path: ['html'], message: 'Write the HTML or the text version' });
    }
    const sample = parseSampleData(values.sampleData);
    if ('error' in sample) context.addIssue({ code: 'custom', path: ['sampleData'], message: sample.error });
  });
