// The template manager's words and choices without zod, for the console's bundle (templates.ts has the schemas).

/** §1 templates for email, page and form. */
export const templateTypes = ['email', 'page', 'form'] as const;
export type TemplateType = (typeof templateTypes)[number];
export const templateTypeLabels: Record<TemplateType, string> = {
  email: 'Email',
  page: 'Page',
  form: 'Form',
};

/** §7 template categories: one per template, the same list for the three kinds. */
export const templateCategories = [
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'promotion', label: 'Promotion' },
  { value: 'welcome', label: 'Welcome' },
  { value: 'event', label: 'Event' },
  { value: 'announcement', label: 'Announcement' },
  { value: 'survey', label: 'Survey' },
  { value: 'other', label: 'Other' },
] as const;
export const templateCategoryValues = templateCategories.map((category) => category.value) as [
  (typeof templateCategories)[number]['value'],
  ...(typeof templateCategories)[number]['value'][],
];
export type TemplateCategory = (typeof templateCategoryValues)[number];

/** Each kind's plan limit (§9: 5 each on the sample plan). */
export const templateLimitNames: Record<TemplateType, string> = {
  email: 'emailTemplateLimit',
  page: 'pageTemplateLimit',
  form: 'formTemplateLimit',
};
