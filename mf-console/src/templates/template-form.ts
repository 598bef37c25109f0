import type { TemplateCreateBody, TemplateView } from '@app/contract';
import { parseSampleData, type TemplateFormValues } from '@app/shared';

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

/** The content part of the form, as the engine takes it (empty fields left out). */
export function contentOf(values: TemplateFormValues): TemplateCreateBody['content'] {
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

/** What the form always sends: a name, a description and the tracking options, besides the content. */
export type TemplateFormBody = TemplateCreateBody &
  Required<Pick<TemplateCreateBody, 'name' | 'description' | 'options'>>;

/** The create or update body of valid form values. */
export function bodyOf(values: TemplateFormValues, published: boolean): TemplateFormBody {
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
