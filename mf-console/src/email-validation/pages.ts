import { type AppPages, lazyPage } from '@app/shared';

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
