import { type AppPages, lazyPage } from '@app/shared';

/** Landing and thank-you pages (§7 /pages, /domains): the list, the builder, a page's report, where pages are served. */
export const pagePages = {
  page: lazyPage(
    () => import('./PageListPage.tsx').then((m) => m.PageListPage),
    ['button', 'input', 'select', 'skeleton', 'tag', 'dialog'],
  ),
  'page-detail': lazyPage(
    () => import('./PageDetailPage.tsx').then((m) => m.PageDetailPage),
    ['button', 'input', 'select', 'switch', 'skeleton', 'tag'],
  ),
  'page-compose': lazyPage(
    () => import('./PageComposePage.tsx').then((m) => m.PageComposePage),
    ['button', 'input', 'select', 'switch', 'textarea', 'skeleton', 'tag'],
  ),
  'page-integration': lazyPage(
    () => import('./PageIntegrationPage.tsx').then((m) => m.PageIntegrationPage),
    ['button', 'input', 'skeleton', 'tag', 'dialog'],
  ),
} satisfies AppPages<'@app/mf-marketing'>;
