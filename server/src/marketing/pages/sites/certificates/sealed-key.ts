import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The key private keys are sealed with: derived from the server's SECRET, for this use only. */
const sealingKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'page-domain-certificates', 'private keys at rest', 32));

/** `plain` sealed (AES-256-GCM): what the database keeps of a private key. */
export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function unseal(secret: string, sealed: string): string {
  const [iv = '', tag = '', body = ''] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
