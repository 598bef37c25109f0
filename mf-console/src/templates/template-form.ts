import { isEmailAddress, resourceId, type TemplateView } from '@app/shared';
import { z } from 'zod';
import type { TemplateBody } from './api.ts';

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

export const emptyTemplate: TemplateFormValues = {
  id: '',
  name: '',
  description: '',
  fromEmail: '',
  fromName: '',
  subject: '',
  replyTo: '',
  openTracking: true,
  clickTracking: true,
  html: '',
  text: '',
  sampleData: '{}',
};

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

/** The sample data as an object, or why it is not one. */
export function parseSampleData(json: string): { data: Record<string, unknown> } | { error: string } {
  if (!json.trim()) return { data: {} };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { error: `The sample data is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'The sample data must be a JSON object, e.g. {"first_name": "Ada"}' };
  }
  return { data: value as Record<string, unknown> };
}

/** The content part of the form, as the engine takes it (empty fields left out). */
export function contentOf(values: TemplateFormValues): TemplateBody['content'] {
  const email = values.fromEmail.trim();
  const name = values.fromName.trim();
  return {
    ...(email ? { from: name ? { email, name } : { email } } : {}),
    subject: values.subject,
    ...(values.html ? { html: values.html } : {}),
    ...(values.text ? { text: values.text } : {}),
    ...(values.replyTo.trim() ? { reply_to: values.replyTo.trim() } : {}),
  };
}

/** The create or update body of valid form values. */
export function bodyOf(values: TemplateFormValues, published: boolean): TemplateBody {
  const sample = parseSampleData(values.sampleData);
  const data = 'data' in sample ? sample.data : {};
  return {
    ...(values.id ? { id: values.id } : {}),
    name: values.name.trim(),
    description: values.description,
    options: { open_tracking: values.openTracking, click_tracking: values.clickTracking },
    content: contentOf(values),
    ...(Object.keys(data).length > 0 ? { substitution_data: data } : {}),
    published,
  };
}

/** The form filled from a stored version of a template. */
export function valuesOf(template: TemplateView): TemplateFormValues {
  const { content, options } = template;
  const from = typeof content.from === 'string' ? { email: content.from } : (content.from ?? { email: '' });
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    fromEmail: from.email,
    fromName: from.name ?? '',
    subject: content.subject ?? '',
    replyTo: content.reply_to ?? '',
    openTracking: options.open_tracking ?? true,
    clickTracking: options.click_tracking ?? true,
    html: content.html ?? '',
    text: content.text ?? '',
    sampleData: template.substitution_data ? JSON.stringify(template.substitution_data, null, 2) : '{}',
  };
}
