import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { SuppressionPage } from './SuppressionPage.tsx';

/** Suppression: summary, search, add one, CSV upload, remove. */
export const suppressionPages = {
  suppression: SuppressionPage,
} satisfies AppPages<'@app/mf-console'>;
