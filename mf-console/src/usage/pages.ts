import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { UsageMonitoringPage } from './UsageMonitoringPage.tsx';

/** Usage monitoring: the plan's quotas, used and left, with the month's daily sends. */
export const usagePages = {
  'usage-monitoring': UsageMonitoringPage,
} satisfies AppPages<'@app/mf-console'>;
