/**
 * Writing svc-certifiers.json: its first version (made by `svc init` or `svc keys init`, trusted
 * as found) and each later version, which names the one before by hash and is signed by a key
 * on it, so the list changes only with the consent of a certifier already listed.
 */
import type { CertifierVersion } from '../../compiler/project/certifiers.js';
import { readCertifiers, versionHash, versionPayload } from '../../compiler/project/certifiers.js';
import { signText } from '../../compiler/project/ed25519.js';
import type { LocalKey } from './signing-key.js';

export type CertifierEntry = CertifierVersion['signers'][number];

const text = (versions: unknown[]): string => `${JSON.stringify({ certifiers: 1, versions }, null, 2)}\n`;

/** The file's text with one version listing `signers`. */
export function firstCertifiersText(signers: CertifierEntry[]): string {
  return text([{ signers }]);
}

/**
 * The file's text with a new version listing `signers`, signed by `key`; or why not (the list
 * does not verify, or `key` is not on the version in force).
 */
export function nextCertifiersText(current: string, signers: CertifierEntry[], key: LocalKey): { text?: string; problem?: string } {
  const read = readCertifiers(current);
  if (read.problem !== undefined) return { problem: read.problem };
  if (!read.signers.some((s) => s.keyId === key.keyId)) return { problem: `your key ${key.keyId} is not on the certifier list in force` };
  const versions = (JSON.parse(current) as { versions: unknown[] }).versions;
  const previous = versionHash(versions[versions.length - 1]);
  const signature = signText(key.privateKeyPem, versionPayload(versions.length + 1, previous, signers));
  return { text: text([...versions, { signers, previous, signedBy: key.keyId, signature }]) };
}
