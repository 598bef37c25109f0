/** Where an ACME server's HTTP-01 answers are kept until it fetches them from the domain. */
export interface ChallengeBoard {
  put(token: string, keyAuthorization: string): Promise<void>;
  remove(token: string): Promise<void>;
}

/** This server's account with the certificate authority: its key, and its URL once registered. */
export interface AcmeAccount {
  keyPem: string;
  url: string | null;
}

export interface IssuedCertificate {
  /** The certificate and its chain, PEM. */
  certificatePem: string;
  keyPem: string;
  expiresAt: Date;
  /** The account's URL, registered by this order when it was not yet. */
  accountUrl: string;
}

/**
 * Gets a certificate for a domain whose HTTP answers reach the sites server (it answers the
 * challenges posted on `board` at /.well-known/acme-challenge/). `accountKeyPem` is this server's
 * account with the certificate authority.
 */
export interface CertificateIssuer {
  issue(domain: string, board: ChallengeBoard, account: AcmeAccount): Promise<IssuedCertificate>;
  /** A new account key (PEM) for the first request. */
  newAccountKey(): Promise<string>;
  directoryUrl: string;
}
