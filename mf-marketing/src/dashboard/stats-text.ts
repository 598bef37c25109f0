/** "42.5%" of `part` in `whole`, one decimal at most; "—" when there is no whole. */
export const rate = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1).replace(/\.0$/, '')}%` : '—';

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The peak-time suggestion from the company's own opens, or why there is none yet. */
export function peakText(peak: { hour: number; opens: number } | null): string {
  if (!peak) return 'Send a campaign: once people open it, Home suggests the hour your recipients read most.';
  return `Your recipients open most between ${hourText(peak.hour)} and ${hourText((peak.hour + 1) % 24)} (your team's time zone): schedule campaigns a little before.`;
}
