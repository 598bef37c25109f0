import type { Clock } from '../../../../clock.ts';
import type { Db } from '../../../../db/db.ts';
import type { AcmeAccount, CertificateIssuer } from './certificate-issuer.ts';
import { certificateStore } from './certificate-store.ts';
import { seal, unseal } from './sealed-key.ts';

/** Where certificates come from (ACME) and the secret their keys are sealed with. */
export interface Certificates {
  issuer: CertificateIssuer;
  secret: string;
}

const challengeLifeMs = 60 * 60_000;
/** A certificate this close to its end is renewed (Let's Encrypt's are good for 90 days). */
const renewBeforeMs = 30 * 24 * 60 * 60_000;

/** This server's account with the ACME server: its key made (and kept sealed) with the first request. */
async function accountOf(db: Db, { issuer, secret }: Certificates): Promise<AcmeAccount> {
  const stored = await certificateStore.account(db, issuer.directoryUrl);
  if (stored) return { keyPem: unseal(secret, stored.key_sealed), url: stored.account_url };
  const made = seal(secret, await issuer.newAccountKey());
  return {
    keyPem: unseal(secret, await certificateStore.saveAccountKey(db, issuer.directoryUrl, made)),
    url: null,
  };
}

/** Asks the ACME server for `domain`'s certificate (HTTP-01, answered from the database) and keeps it; answers its end. */
export async function issueCertificate(
  db: Db,
  clock: Clock,
  certificates: Certificates,
  domain: { id: string; name: string },
): Promise<Date> {
  const board = {
    put: async (token: string, keyAuthorization: string) => {
      await certificateStore.putChallenge(
        db,
        token,
        keyAuthorization,
        new Date(clock.now().getTime() + challengeLifeMs),
      );
    },
    remove: async (token: string) => {
      await certificateStore.removeChallenge(db, token);
    },
  };
  const account = await accountOf(db, certificates);
  const issued = await certificates.issuer.issue(domain.name, board, account);
  if (account.url !== issued.accountUrl)
    await certificateStore.setAccountUrl(db, certificates.issuer.directoryUrl, issued.accountUrl);
  await certificateStore.save(
    db,
    domain.id,
    issued.certificatePem,
    seal(certificates.secret, issued.keyPem),
    issued.expiresAt,
    clock.now(),
  );
  return issued.expiresAt;
}

/**
 * Renews the certificates that end within 30 days, a few each run (the housekeeping's); a domain
 * the ACME server refuses is reported and tried again at the next run.
 */
export async function renewCertificates(
  db: Db,
  clock: Clock,
  certificates: Certificates,
  reportError: (error: unknown, what: string) => void,
): Promise<number> {
  const due = await certificateStore.endingBefore(db, new Date(clock.now().getTime() + renewBeforeMs), 5);
  let renewed = 0;
  for (const domain of due) {
    try {
      await issueCertificate(db, clock, certificates, domain);
      renewed += 1;
    } catch (error) {
      reportError(error, `renewing the certificate of ${domain.name} failed`);
    }
  }
  return renewed;
}
