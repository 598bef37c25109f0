import { lazyPage } from '@app/shared';
import type { AppPages } from '../../../root-config/src/routing/route-table.ts';

/** Email validation: lists (upload, progress, results) and one address at a time. */
export const emailValidationPages = {
  'email-validation': lazyPage(
    () => import('./EmailValidationPage.tsx').then((m) => m.EmailValidationPage),
    ['button', 'progress-bar', 'skeleton', 'tag'],
  ),
  'email-validation-test': lazyPage(
    () => import('./EmailValidationTestPage.tsx').then((m) => m.EmailValidationTestPage),
    ['button', 'input', 'tag'],
  ),
} satisfies AppPages<'@app/mf-console'>;
