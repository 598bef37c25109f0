import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { EmailValidationPage } from './EmailValidationPage.tsx';
import { EmailValidationTestPage } from './EmailValidationTestPage.tsx';

/** Email validation: lists (upload, progress, results) and one address at a time. */
export const emailValidationPages = {
  'email-validation': EmailValidationPage,
  'email-validation-test': EmailValidationTestPage,
} satisfies AppPages<'@app/mf-console'>;
