import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { invalidValue } from '../../engine-error.ts';

const generateRsa = promisify(generateKeyPair);

export interface DkimKeyPair {
  /** Base64 of the DER SubjectPublicKeyInfo: the p= tag of the DKIM TXT record. */
  publicKey: string;
  /** PKCS #8 PEM. */
  privateKeyPem: string;
  bits: number;
}

const minKeyBits = 1024;
const maxKeyBits = 4096;

const publicOf = (key: KeyObject) =>
  (
    (key.type === 'public' ? key : createPublicKey(key)).export({ type: 'spki', format: 'der' }) as Buffer
  ).toString('base64');

/** The RSA modulus length of a DKIM public key (base64 DER SubjectPublicKeyInfo); 0 when it is not one. */
export function publicKeyBits(publicKey: string): number {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyDetails?.modulusLength ?? 0;
  } catch {
    return 0;
  }
}

/** A new RSA key pair, made on libuv's thread pool: 2048 bits take tens of milliseconds or more. */
export async function generateDkimKeys(bits = 2048): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: bits });
  return {
    publicKey: publicOf(publicKey),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    bits,
  };
}

/** A private key as SparkPost takes it: PEM, or bare base64 of PKCS #1 or PKCS #8 DER. */
function parsePrivateKey(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey({ key: text, format: 'pem' });
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  }
}

/**
 * The caller's own key pair, checked: an RSA private key, unencrypted, whose public half is
 * `publicKey`. `fields` prefixes the field names in the refusals ('dkim.' in a domain's body).
 */
export function importDkimKeys(privateText: string, publicKey: string, fields = 'dkim.'): DkimKeyPair {
  let key: KeyObject;
  try {
    key = parsePrivateKey(privateText.trim());
  } catch {
    throw invalidValue(
      `${fields}private is not an unencrypted RSA private key (PEM, or base64 of PKCS #1 or #8)`,
    );
  }
  if (key.asymmetricKeyType !== 'rsa') throw invalidValue(`${fields}private must be an RSA key`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < minKeyBits || bits > maxKeyBits) {
    throw invalidValue(`${fields}private must be ${minKeyBits} to ${maxKeyBits} bits long, not ${bits}`);
  }
  const derived = publicOf(key);
  // PEM armour or line breaks around the base64 are accepted.
  if (derived !== publicKey.replace(/-----[A-Z ]+-----|\s+/g, '')) {
    throw invalidValue(`${fields}public is not the public key of ${fields}private`);
  }
  return { publicKey: derived, privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }) as string, bits };
}
