import type { AnalyticData, Usage } from '@app/contract';
import { http } from '@app/shared';

/** This period's usage against every quota of the plan (§3 usage quota). */
export const getUsage = () => http.config.get<Usage>('/usage');

/** Emails accepted per UTC day over [from, to), from the metric rollups. */
export function getDailySends(from: string, to: string) {
  const query = new URLSearchParams({ from, to, precision: 'day', status: 'Injection', timezone: 'UTC' });
  return http.config.get<AnalyticData>(`/usage/analytic?${query}`);
}
