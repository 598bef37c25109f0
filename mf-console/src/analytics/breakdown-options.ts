import { type AnalyticBreakdown, analyticBreakdowns } from '@app/contract';
import { consoleFeature } from '@app/shared';

/** The breakdowns this company may use: bounce reason and subaccount follow their §6 flags. */
export function breakdownOptions(): AnalyticBreakdown[] {
  return analyticBreakdowns.filter(
    (breakdown) =>
      (breakdown !== 'bounce-reason' || consoleFeature('analytic.bounceReason')) &&
      (breakdown !== 'subaccount' || consoleFeature('subaccount')),
  );
}
