import { invalidValue } from '../../engine-error.ts';

export type TrackingDomainLookup = (
  companyId: string,
  subaccountId: number,
  requested: string | undefined,
) => Promise<{ domain: string; secure: boolean } | undefined>;

/**
 * Where one send's tracked links and open pixels point: the transmission's tracking_domain, else
 * the account's verified default tracking domain, else PUBLIC_URL (the tracking routes answer on
 * any host: a tracking domain is a CNAME to this server). A tracking domain gets https when it is
 * marked secure, else PUBLIC_URL's scheme. Throws 400 for a tracking_domain that is not one of the
 * account's verified tracking domains, as the reference does.
 */
export async function trackingBase(
  lookup: TrackingDomainLookup,
  publicUrl: string,
  send: { companyId: string; subaccountId: number },
  requested: string | undefined,
): Promise<string> {
  const found = await lookup(send.companyId, send.subaccountId, requested);
  if (!found) {
    if (requested === undefined) return publicUrl.replace(/\/+$/, '');
    throw invalidValue(`tracking_domain '${requested}' is not a verified tracking domain of this account`);
  }
  const scheme = found.secure ? 'https:' : new URL(publicUrl).protocol;
  return `${scheme}//${found.domain}`;
}
