import { sealer } from '../../../../sealed.ts';

/** The certificates' private keys, sealed with a key derived from the server's SECRET for this use only. */
const keys = (secret: string) =>
  sealer(secret, { salt: 'page-domain-certificates', info: 'private keys at rest' });

/** `plain` sealed (AES-256-GCM): what the database keeps of a private key. */
export const seal = (secret: string, plain: string): string => keys(secret).seal(plain);

export const unseal = (secret: string, sealed: string): string => keys(secret).unseal(sealed);
