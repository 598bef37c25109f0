/** "1 contact", "2,500 contacts", or "10,000+ contacts" when a search counted no further (`capped`). */
export function contactCount(total: number, capped = false): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''} contact${total === 1 && !capped ? '' : 's'}`;
}
