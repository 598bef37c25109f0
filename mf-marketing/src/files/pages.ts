import { type AppPages, lazyPage } from '@app/shared';

/** File Manager: the company's files, uploaded, renamed, deleted. */
export const filePages = {
  'file-manager': lazyPage(
    () => import('./FileManagerPage.tsx').then((m) => m.FileManagerPage),
    ['button', 'input', 'progress-bar', 'skeleton'],
  ),
} satisfies AppPages<'@app/mf-marketing'>;
