import type { DnsResolver } from '../../dns/resolver.ts';
import type { DnsRecord } from './dns-records.ts';

/**
 * What one look-up found: valid, or invalid with the reason in words for the domain's owner and,
 * when a record was there but wrong, the record as found.
 */
/** `lookupFailed`: DNS did not answer (timeout, SERVFAIL): says nothing about the record itself. */
export type CheckResult =
  | { status: 'valid' }
  | { status: 'invalid'; error: string; found?: string; lookupFailed?: true };

const valid: CheckResult = { status: 'valid' };
const invalid = (error: string, found?: string): CheckResult =>
  found === undefined ? { status: 'invalid', error } : { status: 'invalid', error, found };

/** A failed look-up (timeout, SERVFAIL) is said as such: the record may well be right. */
async function lookup<T>(
  record: DnsRecord,
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; result: CheckResult }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const reason = `DNS query for the ${record.type} record of ${record.name} failed (${code}). Please try again.`;
    return { ok: false, result: { status: 'invalid', error: reason, lookupFailed: true } };
  }
}

/** `k=v; k=v` tags of a DKIM or DMARC record, names lower-cased, values without folding white space. */
function tagsOf(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/** The TXT record at `<selector>._domainkey.<signing domain>` carries our public key (SparkPost's rules for k= and h=). */
export async function checkDkim(
  dns: DnsResolver,
  expected: DnsRecord,
  publicKey: string,
): Promise<CheckResult> {
  const found = await lookup(expected, () => dns.txt(expected.name));
  if (!found.ok) return found.result;
  const records = found.value.filter((text) => /^\s*(v\s*=\s*DKIM1\b|[a-z]+\s*=)/i.test(text));
  if (records.length === 0) {
    return invalid(`DNS record not found. Please add the TXT record ${expected.name} and try again.`);
  }
  if (records.length > 1) {
    return invalid(
      `${expected.name} has ${records.length} TXT records; publish only one, ${expected.value}`,
      records.join(' | '),
    );
  }
  const text = records[0] ?? '';
  const tags = tagsOf(text);
  const key = tags.get('p');
  if (key === undefined) return invalid(`DNS DKIM query error: '${text}' is missing a p= tag`, text);
  if (key === '') return invalid(`The DKIM key at ${expected.name} is revoked (empty p= tag)`, text);
  const k = tags.get('k');
  if (k !== undefined && k.toLowerCase() !== 'rsa')
    return invalid(`The k= tag at ${expected.name} must be rsa, not ${k}`, text);
  const h = tags.get('h');
  if (h !== undefined && !h.toLowerCase().split(':').includes('sha256')) {
    return invalid(`The h= tag at ${expected.name} must be sha256, not ${h}`, text);
  }
  if (key !== publicKey) {
    return invalid(
      `The p= tag at ${expected.name} is not this domain's public key; publish ${expected.value}`,
      text,
    );
  }
  return valid;
}

const withoutDot = (name: string) => name.replace(/\.$/, '').toLowerCase();

/** The domain is a CNAME of the platform's host: its bounces come back here. */
export async function checkCname(dns: DnsResolver, expected: DnsRecord): Promise<CheckResult> {
  const found = await lookup(expected, () => dns.cname(expected.name));
  if (!found.ok) return found.result;
  const [target] = found.value;
  if (target === undefined) {
    return invalid(
      `DNS record not found. Please add a CNAME record ${expected.name} pointing to ${expected.value} and try again.`,
    );
  }
  if (withoutDot(target) !== withoutDot(expected.value)) {
    return invalid(`The CNAME record ${expected.name} points to ${target}, not ${expected.value}`, target);
  }
  return valid;
}

/**
 * The domain's SPF record authorizes the platform's host: `a:<host>` or `include:<host>` names it,
 * or an ip4:/ip6: mechanism lists one of its addresses. A textual check, not an SPF evaluation:
 * what we ask to publish passes, and so does a record that lists our addresses.
 */
export async function checkSpf(
  dns: DnsResolver,
  expected: DnsRecord,
  platformHost: string,
): Promise<CheckResult> {
  const found = await lookup(expected, () => dns.txt(expected.name));
  if (!found.ok) return found.result;
  const records = found.value.filter((text) => /^v=spf1(\s|$)/i.test(text.trim()));
  if (records.length === 0) {
    return invalid(`No SPF record (TXT "v=spf1 ...") at ${expected.name}. Please add ${expected.value}`);
  }
  if (records.length > 1) {
    return invalid(
      `${expected.name} has ${records.length} SPF records; SPF allows one (RFC 7208 §3.2): merge them`,
      records.join(' | '),
    );
  }
  const terms = (records[0] ?? '').trim().toLowerCase().split(/\s+/).slice(1);
  const host = withoutDot(platformHost);
  if (
    terms.some((term) => /^[+]?(a|include|mx):/.test(term) && withoutDot(term.split(':')[1] ?? '') === host)
  ) {
    return valid;
  }
  const listed = terms.flatMap((term) =>
    /^[+]?ip[46]:/.test(term) ? [term.slice(term.indexOf(':') + 1)] : [],
  );
  if (listed.length > 0) {
    const addresses = await lookup(expected, () => dns.addresses(host));
    if (addresses.ok && addresses.value.some((address) => listed.includes(address.toLowerCase())))
      return valid;
  }
  return invalid(
    `The SPF record of ${expected.name} ("${records[0]}") does not authorize ${host}; add a:${host}`,
    records[0],
  );
}

/** `_dmarc.<domain>` holds one DMARC record (`v=DMARC1; p=...`). */
export async function checkDmarc(dns: DnsResolver, expected: DnsRecord): Promise<CheckResult> {
  const found = await lookup(expected, () => dns.txt(expected.name));
  if (!found.ok) return found.result;
  const records = found.value.filter((text) => /^v\s*=\s*DMARC1\b/i.test(text.trim()));
  if (records.length === 0) {
    return invalid(`No DMARC record (TXT "v=DMARC1; ...") at ${expected.name}. Please add ${expected.value}`);
  }
  if (records.length > 1)
    return invalid(
      `${expected.name} has ${records.length} DMARC records; publish only one`,
      records.join(' | '),
    );
  const policy = tagsOf(records[0] ?? '').get('p');
  if (policy === undefined || !['none', 'quarantine', 'reject'].includes(policy.toLowerCase())) {
    return invalid(
      `The DMARC record at ${expected.name} needs a p= tag of none, quarantine or reject`,
      records[0],
    );
  }
  return valid;
}
