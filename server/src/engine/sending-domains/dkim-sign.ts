import { dkimSign } from 'mailauth/lib/dkim/sign.js';

export interface DkimSigningKey {
  signingDomain: string;
  selector: string;
  privateKeyPem: string;
}

/**
 * mailauth's default fields plus List-Unsubscribe-Post: RFC 8058 wants both one-click headers signed,
 * so nobody on the way can add the POST form to a message whose link was not made for it.
 */
const signedFields =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:' +
  'Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:' +
  'List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive:BIMI-Selector';

/**
 * `raw` with a DKIM-Signature header in front (rsa-sha256, relaxed/relaxed). Throws when no
 * signature could be made (no From header, a bad key): mail that was meant to be signed is not sent
 * unsigned without the caller deciding so.
 */
export async function signMessage(raw: Buffer, key: DkimSigningKey): Promise<Buffer> {
  const signature = {
    signingDomain: key.signingDomain,
    selector: key.selector,
    privateKey: key.privateKeyPem,
    algorithm: 'rsa-sha256',
    canonicalization: 'relaxed/relaxed',
    headerList: signedFields,
  };
  // mailauth signs once per entry of signatureData; the top-level fields are only its defaults.
  const result = await dkimSign(raw, { ...signature, signatureData: [signature] });
  if (!result.signatures) {
    const reasons = (result.errors ?? []).map((failure) => failure.err.message).join('; ');
    throw new Error(`DKIM signing for ${key.signingDomain} failed: ${reasons || 'no signature made'}`);
  }
  return Buffer.concat([Buffer.from(result.signatures), raw]);
}
