/**
 * The certifier's local Ed25519 key (`svc keys init`). The private key lives outside every
 * project, in the user's config folder (`$SVC_KEY_DIR`, else `$XDG_CONFIG_HOME/svc/keys`, else
 * `~/.config/svc/keys`), readable by the user alone, so it is never committed; only the public key
 * goes into a project's svc-certifiers.json.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, keyIdOf, publicKeyOf } from '../../compiler/project/ed25519.js';

export const PRIVATE_KEY_FILE = 'certify-ed25519.pem';

export interface LocalKey {
  privateKeyPem: string;
  publicKey: string;
  keyId: string;
  /** Where the private key is. */
  file: string;
}

/** The folder the local signing key is kept in. */
export function keyDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env['SVC_KEY_DIR'];
  if (own !== undefined && own !== '') return own;
  const config = env['XDG_CONFIG_HOME'] !== undefined && env['XDG_CONFIG_HOME'] !== '' ? env['XDG_CONFIG_HOME'] : join(homedir(), '.config');
  return join(config, 'svc', 'keys');
}

/** The local key, or undefined when there is none (or it does not read as an Ed25519 key). */
export function readLocalKey(dir: string = keyDir()): LocalKey | undefined {
  const file = join(dir, PRIVATE_KEY_FILE);
  try {
    const privateKeyPem = readFileSync(file, 'utf8');
    const publicKey = publicKeyOf(privateKeyPem);
    return { privateKeyPem, publicKey, keyId: keyIdOf(publicKey), file };
  } catch {
    return undefined;
  }
}

/** Makes the local key unless one exists (an existing key is never replaced). */
export function initLocalKey(dir: string = keyDir()): { key: LocalKey; created: boolean } {
  const existing = readLocalKey(dir);
  if (existing !== undefined) return { key: existing, created: false };
  const file = join(dir, PRIVATE_KEY_FILE);
  if (existsSync(file)) throw new Error(`${file} exists but is not an Ed25519 private key; move it away to make a new one`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pair = generateKeyPair();
  writeFileSync(file, pair.privateKeyPem, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { key: { privateKeyPem: pair.privateKeyPem, publicKey: pair.publicKey, keyId: keyIdOf(pair.publicKey), file }, created: true };
}
