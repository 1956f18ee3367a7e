/**
 * Ed25519 keys and signatures with node:crypto. A public key is written as the base64url of its
 * 32 raw bytes; its id is `key:` and the first 16 hex digits of the sha256 of those bytes; a
 * signature is `ed25519:` and the base64url of its 64 bytes. Verification never throws: a key
 * or signature that does not decode simply does not verify.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';

export const SIGNATURE_PREFIX = 'ed25519:';

// A project lists a handful of keys and verifies a receipt per certified block: each key is
// imported once. Bounded so that reading many lists in one process cannot grow it without end.
const imported = new Map<string, KeyObject | undefined>();
const MAX_IMPORTED = 1_000;

function publicKeyObject(publicKey: string): KeyObject | undefined {
  if (imported.has(publicKey)) return imported.get(publicKey);
  let key: KeyObject | undefined;
  try {
    key = Buffer.from(publicKey, 'base64url').length === 32 ? createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' }) : undefined;
  } catch {
    key = undefined;
  }
  if (imported.size >= MAX_IMPORTED) imported.clear();
  imported.set(publicKey, key);
  return key;
}

/** True when the text is a usable Ed25519 public key (base64url of 32 bytes). */
export function isPublicKey(publicKey: string): boolean {
  return publicKeyObject(publicKey) !== undefined;
}

/** The short id a receipt names its key by. */
export function keyIdOf(publicKey: string): string {
  return `key:${createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('hex').slice(0, 16)}`;
}

/** A new key pair: the private key as PKCS#8 PEM, the public key as base64url. */
export function generateKeyPair(): { privateKeyPem: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  return { privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicKey: jwk.x };
}

/** The public key of a PEM private key. */
export function publicKeyOf(privateKeyPem: string): string {
  const jwk = createPublicKey(createPrivateKey(privateKeyPem)).export({ format: 'jwk' }) as { x: string };
  return jwk.x;
}

/** Signs the UTF-8 bytes of `text`. */
export function signText(privateKeyPem: string, text: string): string {
  return SIGNATURE_PREFIX + sign(null, Buffer.from(text, 'utf8'), createPrivateKey(privateKeyPem)).toString('base64url');
}

/** True only when `signature` is a valid Ed25519 signature of `text` by `publicKey`. */
export function verifyText(publicKey: string, text: string, signature: string): boolean {
  const key = publicKeyObject(publicKey);
  if (key === undefined || !signature.startsWith(SIGNATURE_PREFIX)) return false;
  const bytes = Buffer.from(signature.slice(SIGNATURE_PREFIX.length), 'base64url');
  if (bytes.length !== 64) return false;
  try {
    return verify(null, Buffer.from(text, 'utf8'), key, bytes);
  } catch {
    return false;
  }
}
