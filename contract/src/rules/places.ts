/**
 * Timezone and country choices for the company profile, built from the browser's own Intl data (no
 * list shipped). Team timezones are texts like "(UTC+07:00) Jakarta" (§3, §9: the offset is read back
 * from the text).
 */

export interface PlaceOption {
  value: string;
  label: string;
}

/** "+07:00" for an IANA zone at `at` ("+00:00" for UTC itself), or null when Intl does not know it. */
export function utcOffsetOf(timeZone: string, at: Date): string | null {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((item) => item.type === 'timeZoneName')?.value;
    if (part === undefined) return null;
    if (part === 'GMT') return '+00:00';
    const match = /^GMT([+-\u2212])(\d{2}):(\d{2})$/.exec(part);
    if (!match) return null;
    return `${match[1] === '+' ? '+' : '-'}${match[2]}:${match[3]}`;
  } catch {
    return null;
  }
}

/** "America/Argentina/Buenos_Aires" → "Buenos Aires"; "UTC" stays. */
export function cityOfTimeZone(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ');
}

/** "(UTC+07:00) Jakarta" for a zone, with its offset at `at`. */
export function timezoneText(timeZone: string, at: Date): string | null {
  const offset = utcOffsetOf(timeZone, at);
  return offset === null ? null : `(UTC${offset}) ${cityOfTimeZone(timeZone)}`;
}

const offsetMinutes = (text: string): number => {
  const match = /^\(UTC([+-])(\d{2}):(\d{2})\)/.exec(text);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
};

/**
 * Every zone the browser knows as "(UTC+hh:mm) City", sorted by offset then city, each text once.
 * `keep` (the company's current text) is listed too when it is not among them.
 */
export function timezoneOptions(at: Date = new Date(), keep?: string): PlaceOption[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const texts = new Set<string>();
  for (const zone of zones) {
    const text = timezoneText(zone, at);
    if (text) texts.add(text);
  }
  if (keep) texts.add(keep);
  return [...texts]
    .sort((a, b) => offsetMinutes(a) - offsetMinutes(b) || a.localeCompare(b))
    .map((text) => ({ value: text, label: text }));
}

/** The browser's own zone as a team timezone text, or null. */
export function browserTimezoneText(at: Date = new Date()): string | null {
  try {
    return timezoneText(Intl.DateTimeFormat().resolvedOptions().timeZone, at);
  } catch {
    return null;
  }
}

/** Region codes that name no country (continents, unions, private-use and unknown). */
const notCountries = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'XK']);

/** Country names in English from the ISO 3166 codes Intl names, sorted; `keep` is listed too. */
export function countryOptions(keep?: string): PlaceOption[] {
  const names = new Set<string>();
  try {
    const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters) {
      for (const second of letters) {
        const code = `${first}${second}`;
        if (notCountries.has(code)) continue;
        const name = display.of(code);
        if (name && name !== code) names.add(name);
      }
    }
  } catch {
    // No Intl.DisplayNames: only the kept value.
  }
  if (keep) names.add(keep);
  return [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ value: name, label: name }));
}
