/**
 * `svc keys init` and `svc keys add`: the local signing key and the project's certifier list.
 * `init` makes the key (or keeps the one there) and, in a project without a list, starts one
 * with this certifier allowed everywhere: the first version is trusted as found, as the project's
 * review accepts it. `add` writes a new version that lists a certifier (or changes what one may
 * certify), signed by the local key, which must be on the version in force.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { CERTIFIERS_FILE, readCertifiers } from '../../compiler/project/certifiers.js';
import { isPublicKey } from '../../compiler/project/ed25519.js';
import { type CertifierEntry, firstCertifiersText, nextCertifiersText } from './certifier-file.js';
import { applyChanges } from './file-transaction.js';
import { localOwner } from './local-owner.js';
import { openProject } from './project.js';
import { initLocalKey, keyDir, readLocalKey } from './signing-key.js';

export interface KeysResult {
  exitCode: 0 | 1 | 2;
  keyId?: string;
  publicKey?: string;
  /** Where the private key is (outside every project). */
  keyFile?: string;
  created?: boolean;
  /** Project-relative files written. */
  written: string[];
  diagnostics: Diagnostic[];
}

/** Makes the local key; starts the project's certifier list when the project has none. */
export function keysInit(opts: { cwd: string; project?: string; dir?: string }): KeysResult {
  let made: ReturnType<typeof initLocalKey>;
  try {
    made = initLocalKey(opts.dir ?? keyDir());
  } catch (error) {
    return { exitCode: 1, written: [], diagnostics: [diag('init/signing-key-failed', { reason: error instanceof Error ? error.message : String(error) })] };
  }
  const { key, created } = made;
  const out: KeysResult = { exitCode: 0, keyId: key.keyId, publicKey: key.publicKey, keyFile: key.file, created, written: [], diagnostics: [] };
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined || existsSync(join(opened.project.root, CERTIFIERS_FILE))) return out;
  const { root, config } = opened.project;
  const first = firstCertifiersText([{ id: localOwner(root, config).owner, key: key.publicKey, may: ['*'] }]);
  applyChanges(root, [{ kind: 'write', path: CERTIFIERS_FILE, content: first }]);
  return { ...out, written: [CERTIFIERS_FILE] };
}

export interface KeysAddOptions {
  cwd: string;
  project?: string;
  dir?: string;
  /** The certifier's id (an address or person id). */
  id: string;
  /** Their public key (base64url, as `svc keys init` prints it). */
  key: string;
  /** Domains, `*`, or block-file path patterns they may certify. */
  may: string[];
}

function refused(code: 'certify/certifiers-invalid' | 'certify/no-signing-key', data: Record<string, string>): KeysResult {
  return { exitCode: 1, written: [], diagnostics: [diag(code, data, { file: CERTIFIERS_FILE })] };
}

/** Lists a certifier (replacing an entry with the same id) in a new version signed by the local key. */
export function keysAdd(opts: KeysAddOptions): KeysResult {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return { exitCode: 2, written: [], diagnostics: opened.diagnostics };
  if (!isPublicKey(opts.key) || opts.may.length === 0)
    return refused('certify/certifiers-invalid', { file: CERTIFIERS_FILE, problem: 'the new entry needs a public key and what it may certify' });
  const key = readLocalKey(opts.dir ?? keyDir());
  if (key === undefined) return refused('certify/no-signing-key', { dir: opts.dir ?? keyDir() });
  const root = opened.project.root;
  let current: string;
  try {
    current = readFileSync(join(root, CERTIFIERS_FILE), 'utf8');
  } catch {
    return refused('certify/certifiers-invalid', { file: CERTIFIERS_FILE, problem: `${CERTIFIERS_FILE} does not exist (svc keys init starts it)` });
  }
  const keep: CertifierEntry[] = readCertifiers(current)
    .signers.filter((s) => s.id !== opts.id)
    .map(({ id, key: k, may }) => ({ id, key: k, may }));
  const next = nextCertifiersText(current, [...keep, { id: opts.id, key: opts.key, may: opts.may }], key);
  if (next.text === undefined) return refused('certify/certifiers-invalid', { file: CERTIFIERS_FILE, problem: next.problem ?? 'unknown' });
  applyChanges(root, [{ kind: 'write', path: CERTIFIERS_FILE, content: next.text }]);
  return { exitCode: 0, keyId: key.keyId, publicKey: key.publicKey, written: [CERTIFIERS_FILE], diagnostics: [] };
}
