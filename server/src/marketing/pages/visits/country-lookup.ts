import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader } from 'mmdb-lib';

/** What an MMDB country database answers: ip-location-db's `country_code`, or MaxMind's `country.iso_code`. */
interface CountryRecord {
  country_code?: string;
  country?: { iso_code?: string };
}

type CountryReader = { get(ip: string): CountryRecord | null };

/** Each database file read once per process, at its first lookup: every app of a process shares it. */
const readers = new Map<string, CountryReader>();

function readerOf(path: string): CountryReader {
  let reader = readers.get(path);
  if (!reader) {
    // Typed loosely: mmdb-lib's record types are MaxMind's, and the bundled file is ip-location-db's.
    reader = new Reader(readFileSync(path)) as unknown as CountryReader;
    readers.set(path, reader);
  }
  return reader;
}

/**
 * The bundled IP-to-country database (ip-location-db's GeoFeed + Whois + ASN country MMDB, CC BY 4.0
 * by NRO), read into memory at the first lookup; no lookup goes to the network. `file` (GEOIP_DB)
 * replaces it with any MMDB country database, e.g. a fresher download or MaxMind's GeoLite2 Country.
 */
export function createCountryLookup(file?: string): (ip: string) => string {
  if (file && !existsSync(file)) throw new Error(`GEOIP_DB: no file at ${file}`);
  const path =
    file ??
    createRequire(import.meta.url).resolve(
      '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
    );
  return (ip) => {
    const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (!isIP(address)) return '';
    try {
      const found = readerOf(path).get(address);
      return (found?.country_code ?? found?.country?.iso_code ?? '').toUpperCase().slice(0, 2);
    } catch {
      return '';
    }
  };
}
