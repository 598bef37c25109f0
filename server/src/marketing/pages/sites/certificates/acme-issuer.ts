import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import * as acme from 'acme-client';
import type { CertificateIssuer } from './certificate-issuer.ts';

/**
 * Certificates from an ACME server (RFC 8555: Let's Encrypt, or a private one) with acme-client,
 * proving each domain by HTTP-01. `caFile` is the CA of the ACME server's own HTTPS certificate when
 * it is not one the system trusts (a private ACME server; Pebble in the tests).
 */
export function createAcmeIssuer(options: {
  directoryUrl: string;
  email?: string | undefined;
  caFile?: string | undefined;
}): CertificateIssuer {
  if (options.caFile) acme.axios.defaults.httpsAgent = new Agent({ ca: readFileSync(options.caFile) });
  return {
    directoryUrl: options.directoryUrl,
    newAccountKey: async () => (await acme.crypto.createPrivateEcdsaKey()).toString(),
    async issue(domain, board, account) {
      const client = new acme.Client({
        directoryUrl: options.directoryUrl,
        accountKey: account.keyPem,
        ...(account.url ? { accountUrl: account.url } : {}),
      });
      const [key, csr] = await acme.crypto.createCsr(
        { altNames: [domain] },
        await acme.crypto.createPrivateEcdsaKey(),
      );
      const certificatePem = await client.auto({
        csr,
        ...(options.email ? { email: options.email } : {}),
        termsOfServiceAgreed: true,
        challengePriority: ['http-01'],
        // The sites server answers from the database; the ACME server's own check is the one that counts.
        skipChallengeVerification: true,
        challengeCreateFn: (_authz, challenge, keyAuthorization) =>
          board.put(challenge.token, keyAuthorization),
        challengeRemoveFn: (_authz, challenge) => board.remove(challenge.token),
      });
      const expiresAt = acme.crypto.readCertificateInfo(certificatePem).notAfter;
      return { certificatePem, keyPem: key.toString(), expiresAt, accountUrl: client.getAccountUrl() };
    },
  };
}
