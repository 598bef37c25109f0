import { type AppPages, lazyPage } from '@app/shared';

const composePage = lazyPage(
  () => import('./FormComposePage.tsx').then((m) => m.FormComposePage),
  ['button', 'input', 'switch', 'checkbox', 'textarea', 'skeleton', 'tag'],
);

/** Forms (§7 /forms): the list, the builder (form-compose and form-au-compose), its hosted page's look (formpage-compose) and a form's submissions and embed code. */
export const formPages = {
  form: lazyPage(
    () => import('./FormListPage.tsx').then((m) => m.FormListPage),
    ['button', 'input', 'skeleton', 'tag', 'dialog'],
  ),
  'form-detail': lazyPage(
    () => import('./FormDetailPage.tsx').then((m) => m.FormDetailPage),
    ['button', 'skeleton', 'tag'],
  ),
  'form-compose': composePage,
  'form-au-compose': composePage,
  'formpage-compose': lazyPage(
    () => import('./FormPageComposePage.tsx').then((m) => m.FormPageComposePage),
    ['button', 'input', 'switch', 'textarea', 'select', 'skeleton', 'tag'],
  ),
} satisfies AppPages<'@app/mf-marketing'>;
