import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { AnalyticPage } from './AnalyticPage.tsx';
import { PresetAnalyticPage } from './PresetAnalyticPage.tsx';
import { PresetListPage } from './PresetListPage.tsx';

/** Analytics (§2): the sending's metrics on /analytic, and the saved presets. */
export const analyticsPages = {
  analytic: AnalyticPage,
  'analytic-preset': PresetAnalyticPage,
  preset: PresetListPage,
} satisfies AppPages<'@app/mf-console'>;
