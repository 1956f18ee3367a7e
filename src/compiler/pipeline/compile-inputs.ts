/**
 * The inputs every block depends on: svc.config.json, the contract manifest, and the
 * environment key they make with the compiler build. A warm start whose watcher named neither
 * file reuses them as loaded last time (a 10,000-contract manifest costs more to parse and hash
 * than the recompile of one block); any other compile reads both.
 */
import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { buildId } from '../cache/build-id.js';
import type { CacheData } from '../cache/compile-cache.js';
import type { WarmStart } from '../cache/warm-start.js';
import { sha256Hex } from '../hash.js';
import { CERTIFIERS_FILE, type CertifierTrust, loadCertifiers } from '../project/certifiers.js';
import { CONFIG_FILE, type LoadedConfig, loadConfig } from '../project/config.js';
import { DEFAULT_CONTRACTS_PATH, type LoadedContracts, loadContracts } from '../project/contracts.js';
import { parseSchemaSnapshot, readSchemaSnapshotText, SCHEMA_SNAPSHOT_FILE, type SchemaSnapshot } from '../project/schema-snapshot.js';
import { type LoadedTerms, loadTerms, TERMS_FILE } from '../project/terms.js';
import { type LoadedViews, loadViews, VIEWS_FILE } from '../project/views.js';

export interface CompileInputs {
  loaded: LoadedConfig;
  /** Absent when the config could not be read (exit 2). */
  contracts?: LoadedContracts;
  /** The project's business terms (semantic-layer/terms.yaml); part of the environment key. */
  terms?: LoadedTerms;
  /** The project's business views (semantic-layer/views.yaml); part of the environment key. */
  views?: LoadedViews;
  /** Whether receipts must be signed and the certifiers in force; part of the environment key. */
  certifiers?: CertifierTrust;
  /** The schema snapshot the offline name check reads (.svc/schema-snapshot.json); part of the environment key. */
  snapshot?: SchemaSnapshot;
  /** The snapshot file's size and time when it was read ('' for none): a watch rereads the inputs when it changes. */
  snapshotStamp?: string;
  envKey: string;
  /** sha256 of the config and contract texts that passed validation ('' for none). */
  validated: { config: string; contracts: string };
}

/** Size and modification time of the schema snapshot ('' when there is none): one stat, no read. */
function snapshotStamp(root: string): string {
  try {
    const s = statSync(join(root, SCHEMA_SNAPSHOT_FILE));
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
}

function reusable(warm: WarmStart | undefined): CompileInputs | undefined {
  const prior = warm?.inputs;
  if (!warm?.changed || !prior?.contracts || !prior.loaded.config) return undefined;
  // The snapshot lives in .svc/, which no watcher reports: its stamp says whether it changed.
  if (snapshotStamp(prior.loaded.root) !== (prior.snapshotStamp ?? '')) return undefined;
  const contractsPath = posix.normalize(prior.loaded.config.contracts?.manifestPath ?? DEFAULT_CONTRACTS_PATH);
  // A contract manifest outside the project is beyond the watcher: read it every time.
  if (contractsPath.startsWith('../') || posix.isAbsolute(contractsPath)) return undefined;
  return warm.changed.has(CONFIG_FILE) ||
    warm.changed.has(contractsPath) ||
    warm.changed.has(TERMS_FILE) ||
    warm.changed.has(VIEWS_FILE) ||
    warm.changed.has(CERTIFIERS_FILE)
    ? undefined
    : prior;
}

/** sha256 of a text, computed once however often the same text is asked about. */
function digestOnce(): (text: string) => string {
  let last: string | undefined;
  let sha = '';
  return (text) => {
    if (text !== last) {
      last = text;
      sha = sha256Hex(text);
    }
    return sha;
  };
}

/** Loads config and contracts; the cache vouches for texts this build already validated. */
export function loadInputs(opts: { project?: string; cwd?: string; warm?: WarmStart }, cache: Pick<CacheData, 'validated'> | undefined): CompileInputs {
  const prior = reusable(opts.warm);
  if (prior) return prior;
  const known = cache?.validated;
  const configSha = digestOnce();
  const contractsSha = digestOnce();
  const loaded = loadConfig({ ...opts, trusted: (text) => known?.config === configSha(text) });
  if (!loaded.config) return { loaded, envKey: '', validated: { config: '', contracts: '' } };
  const contracts = loadContracts(loaded.root, loaded.config.contracts?.manifestPath, (text) => known?.contracts === contractsSha(text));
  const config = configSha(loaded.text ?? '');
  const contractsKey = contracts.text === undefined ? '<absent>' : contractsSha(contracts.text);
  // Terms and views are judged under the certifier trust, as blocks are: read it first.
  const certifiers = loadCertifiers(loaded.root, loaded.config.certification?.signed);
  const terms = loadTerms(loaded.root, certifiers.trust);
  const termsKey = terms.text === undefined ? '<absent>' : sha256Hex(terms.text);
  const views = loadViews(loaded.root, certifiers.trust);
  const viewsKey = views.text === undefined ? '<absent>' : sha256Hex(views.text);
  const certifiersKey = certifiers.trust.signed ? (certifiers.text === undefined ? '<absent>' : sha256Hex(certifiers.text)) : '<unsigned>';
  const stamp = snapshotStamp(loaded.root);
  const snapshotText = readSchemaSnapshotText(loaded.root);
  const snapshot = snapshotText === undefined ? undefined : parseSchemaSnapshot(snapshotText);
  const snapshotKey = snapshot === undefined ? '<absent>' : sha256Hex(snapshotText as string);
  // The key hashes the texts' hashes: each text is hashed once per compile.
  const envKey = sha256Hex(`${buildId()}\u0000${config}\u0000${contractsKey}\u0000${termsKey}\u0000${viewsKey}\u0000${certifiersKey}\u0000${snapshotKey}`);
  const validated = { config, contracts: contracts.diagnostics.length === 0 && contracts.text !== undefined ? contractsKey : '' };
  return {
    loaded,
    contracts,
    terms,
    views,
    certifiers: certifiers.trust,
    ...(snapshot !== undefined ? { snapshot } : {}),
    snapshotStamp: stamp,
    envKey,
    validated,
  };
}
