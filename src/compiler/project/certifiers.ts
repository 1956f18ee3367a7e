/**
 * Who may certify what: `svc-certifiers.json`, a reviewed file in the project. It is a chain of
 * versions, each a complete list of certifiers (id, Ed25519 public key, and the domains or block
 * paths they may certify). The first version is trusted as found (it is made by `svc init` or
 * `svc keys init`); every later version names the version before it by hash and is signed by a
 * key on that earlier version, so adding a certifier takes one who is already listed. The last
 * version is the list in force. A chain that does not verify trusts nobody (fail closed).
 *
 *   { "certifiers": 1, "versions": [ { "signers": [ { "id": "ana@acme.test", "key": "<base64url>", "may": ["finance", "domains/sales/**"] } ] },
 *                                    { "signers": [...], "previous": "sha256:…", "signedBy": "key:…", "signature": "ed25519:…" } ] }
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../hash.js';
import { canonicalJson } from './canonical-json.js';
import { isPublicKey, keyIdOf, verifyText } from './ed25519.js';

export const CERTIFIERS_FILE = 'svc-certifiers.json';

export interface Certifier {
  id: string;
  /** Ed25519 public key, base64url of 32 bytes. */
  key: string;
  /** `key:` + 16 hex digits of the key's sha256 (what a receipt's signedBy names). */
  keyId: string;
  /** Domain names, `*` for every block, or block-file paths with `*` and `**` wildcards. */
  may: string[];
}

/**
 * What the project's receipts are held to. `signed: false` is the unsigned setting (hash only,
 * warned about); with `signed: true` a receipt counts only when signed by a listed, allowed key.
 * `problem` says why the list trusts nobody.
 */
export type CertifierTrust = { signed: false } | { signed: true; signers: Certifier[]; problem?: string };

export interface CertifierVersion {
  signers: Array<{ id: string; key: string; may: string[] }>;
  previous?: string;
  signedBy?: string;
  signature?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function readSigner(v: unknown): Certifier | string {
  if (!isObject(v) || typeof v['id'] !== 'string' || v['id'] === '') return 'a certifier without an id';
  const { id, key, may } = v;
  if (typeof key !== 'string' || !isPublicKey(key)) return `certifier ${id} has no Ed25519 public key`;
  if (!Array.isArray(may) || !may.every((m) => typeof m === 'string' && m !== '')) return `certifier ${id} has no list of what it may certify`;
  return { id, key, keyId: keyIdOf(key), may: may as string[] };
}

function readVersion(v: unknown, n: number): Certifier[] | string {
  if (!isObject(v) || !Array.isArray(v['signers'])) return `version ${n} has no signers list`;
  const out: Certifier[] = [];
  for (const s of v['signers']) {
    const signer = readSigner(s);
    if (typeof signer === 'string') return `version ${n}: ${signer}`;
    out.push(signer);
  }
  return out;
}

/** The bytes a version's signature covers: its number, the previous version's hash and its signers. */
export function versionPayload(version: number, previous: string, signers: CertifierVersion['signers']): string {
  return canonicalJson({ kind: 'svc-certifiers', version, previous, signers });
}

/** `sha256:` + the hash of a version as written (canonically). */
export function versionHash(version: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(version))}`;
}

function checkLink(prior: unknown, priorSigners: Certifier[], v: Record<string, unknown>, n: number): string | undefined {
  if (v['previous'] !== versionHash(prior)) return `version ${n} does not follow version ${n - 1}`;
  const by = priorSigners.find((s) => s.keyId === v['signedBy']);
  if (by === undefined) return `version ${n} is not signed by a certifier of version ${n - 1}`;
  const payload = versionPayload(n, v['previous'] as string, v['signers'] as CertifierVersion['signers']);
  if (typeof v['signature'] !== 'string' || !verifyText(by.key, payload, v['signature'])) return `version ${n}'s signature does not verify`;
  return undefined;
}

/** The certifiers in force, or why the list trusts nobody. */
export function readCertifiers(text: string): { signers: Certifier[]; problem?: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { signers: [], problem: 'it is not JSON' };
  }
  const versions = isObject(data) && Array.isArray(data['versions']) ? (data['versions'] as unknown[]) : [];
  if (versions.length === 0) return { signers: [], problem: 'it lists no versions' };
  let signers: Certifier[] = [];
  for (const [i, v] of versions.entries()) {
    const read = readVersion(v, i + 1);
    if (typeof read === 'string') return { signers: [], problem: read };
    const broken = i === 0 ? undefined : checkLink(versions[i - 1], signers, v as Record<string, unknown>, i + 1);
    if (broken !== undefined) return { signers: [], problem: broken };
    signers = read;
  }
  return { signers };
}

/** The trust a project's receipts are held to: config `certification.signed`, else signed when the list exists. */
export function loadCertifiers(root: string, signedSetting: boolean | undefined): { trust: CertifierTrust; text?: string } {
  const path = join(root, CERTIFIERS_FILE);
  const present = root !== '' && existsSync(path);
  if (!(signedSetting ?? present)) return { trust: { signed: false } };
  if (!present) return { trust: { signed: true, signers: [], problem: `${CERTIFIERS_FILE} does not exist` } };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { trust: { signed: true, signers: [], problem: `${CERTIFIERS_FILE} cannot be read` } };
  }
  const read = readCertifiers(text);
  return { trust: { signed: true, ...read }, text };
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('**')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/** True when the certifier may certify this block: by its domain, `*`, or a path pattern matching its file. */
export function mayCertify(certifier: Pick<Certifier, 'may'>, block: { domain: string; file: string }): boolean {
  return certifier.may.some((m) => m === '*' || (m.includes('/') ? globToRegExp(m).test(block.file) : m === block.domain));
}
