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
const unsubscribeAttribute = /\sdata-msys-unsubscribe\s*=\s*["']?1/i;

/**
 * A web link with the campaign's UTM parameters; undefined for what keeps its own: a merge tag's link
 * (`{{…}}`: its value is the reader's), another scheme, a link with UTM parameters of its own (what the
 * composer wrote wins), or no URL at all.
 */
function taggedUrl(raw: string, tags: UtmTags): string | undefined {
  if (raw.includes('{{') || !/^https?:\/\//i.test(raw.trim())) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim().replaceAll('&amp;', '&'));
  } catch {
    return undefined;
  }
  if ([...url.searchParams.keys()].some((key) => key.toLowerCase().startsWith('utm_'))) return undefined;
  url.searchParams.set('utm_source', tags.source);
  url.searchParams.set('utm_medium', tags.medium);
  url.searchParams.set('utm_campaign', tags.campaign);
  return url.toString();
}

/** The html with UTM parameters on each web link of its `<a>` tags but its unsubscribe links (see taggedUrl). */
export function withUtm(html: string, tags: UtmTags): string {
  return html.replace(/<a\b[^>]*>/gi, (tag) => {
    if (unsubscribeAttribute.test(tag)) return tag;
    const found = hrefPattern.exec(tag);
    const tagged = found ? taggedUrl(found[3] ?? '', tags) : undefined;
    if (!tagged) return tag;
    return tag.replace(hrefPattern, `$1"${tagged.replaceAll('&', '&amp;').replaceAll('"', '%22')}"`);
  });
}

/**
 * The text part made from `html` with the same links tagged: each "[url]" the text shows a link as,
 * but those of the html's unsubscribe links.
 */
export function withUtmInText(text: string, html: string, tags: UtmTags): string {
  const unsubscribes = new Set(
    [...html.matchAll(/<a\b[^>]*>/gi)]
      .filter(([tag]) => unsubscribeAttribute.test(tag))
      .map(([tag]) => (hrefPattern.exec(tag)?.[3] ?? '').trim().replaceAll('&amp;', '&')),
  );
  return text.replace(/\[(https?:\/\/[^\]\s]+)\]/gi, (written, url: string) => {
    if (unsubscribes.has(url)) return written;
    const tagged = taggedUrl(url, tags);
    return tagged ? `[${tagged}]` : written;
  });
}
