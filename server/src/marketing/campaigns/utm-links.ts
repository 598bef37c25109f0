/** What a campaign's links say of it when the team's autoLinkUtm is on (§3). */
export interface UtmTags {
  source: string;
  medium: string;
  campaign: string;
}

export const utmTagsOf = (campaignName: string): UtmTags => ({
  source: 'newsletter',
  medium: 'email',
  campaign: campaignName,
});

const hrefPattern = /(\shref\s*=\s*)(["'])(.*?)\2/i;

/**
 * The html with UTM parameters on each web link of its `<a>` tags: not on an unsubscribe link, a merge
 * tag's link (`{{…}}`: its value is the reader's), other schemes, or a link with UTM parameters of its
 * own (what the composer wrote wins).
 */
export function withUtm(html: string, tags: UtmTags): string {
  return html.replace(/<a\b[^>]*>/gi, (tag) => {
    if (/\sdata-msys-unsubscribe\s*=\s*["']?1/i.test(tag)) return tag;
    const found = hrefPattern.exec(tag);
    const raw = found?.[3] ?? '';
    if (!found || raw.includes('{{') || !/^https?:\/\//i.test(raw.trim())) return tag;
    let url: URL;
    try {
      url = new URL(raw.trim().replaceAll('&amp;', '&'));
    } catch {
      return tag;
    }
    if ([...url.searchParams.keys()].some((key) => key.toLowerCase().startsWith('utm_'))) return tag;
    url.searchParams.set('utm_source', tags.source);
    url.searchParams.set('utm_medium', tags.medium);
    url.searchParams.set('utm_campaign', tags.campaign);
    const href = url.toString().replaceAll('&', '&amp;').replaceAll('"', '%22');
    return tag.replace(hrefPattern, `$1"${href}"`);
  });
}
