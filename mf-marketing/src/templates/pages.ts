import { type AppPages, lazyPage } from '@app/shared';

/** The Template Manager (§7 /template) and the template composers (§2 template-page-compose, template-form-compose). */
const composer = lazyPage(
  () => import('./TemplateComposePage.tsx').then((m) => m.TemplateComposePage),
  ['button', 'input', 'select', 'switch', 'textarea', 'skeleton', 'tag'],
);

export const templatePages = {
  'template-manager': lazyPage(
    () => import('./TemplateManagerPage.tsx').then((m) => m.TemplateManagerPage),
    ['button', 'input', 'select', 'skeleton', 'tag', 'dialog'],
  ),
  'template-email-compose': composer,
  'template-page-compose': composer,
  'template-form-compose': composer,
} satisfies AppPages<'@app/mf-marketing'>;
