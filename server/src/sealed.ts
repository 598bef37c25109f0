import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals values kept in the database that the server must read back (a private key, a provider's
 * secret): AES-256-GCM under a key derived from the server's SECRET for one use (`salt`, `info`), so
 * a database dump alone gives nothing and one use's key opens nothing of another.
 */
export function sealer(secret: string, use: { salt: string; info: string }) {
  const key = Buffer.from(hkdfSync('sha256', secret, use.salt, use.info, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    unseal(sealed: string): string {
      const [iv = '', tag = '', body = ''] = sealed.split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
