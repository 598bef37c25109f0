import { dkimSign } from 'mailauth/lib/dkim/sign.js';

export interface DkimSigningKey {
  signingDomain: string;
  selector: string;
  privateKeyPem: string;
}

/**
 * `raw` with a DKIM-Signature header in front (rsa-sha256, relaxed/relaxed, mailauth's default
 * header list). Throws when no signature could be made (no From header, a bad key): mail that was
 * meant to be signed is not sent unsigned without the caller deciding so.
 */
export async function signMessage(raw: Buffer, key: DkimSigningKey): Promise<Buffer> {
  const signature = {
    signingDomain: key.signingDomain,
    selector: key.selector,
    privateKey: key.privateKeyPem,
    algorithm: 'rsa-sha256',
    canonicalization: 'relaxed/relaxed',
  };
  // mailauth signs once per entry of signatureData; the top-level fields are only its defaults.
  const result = await dkimSign(raw, { ...signature, signatureData: [signature] });
  if (!result.signatures) {
    const reasons = (result.errors ?? []).map((failure) => failure.err.message).join('; ');
    throw new Error(`DKIM signing for ${key.signingDomain} failed: ${reasons || 'no signature made'}`);
  }
  return Buffer.concat([Buffer.from(result.signatures), raw]);
}
