/**
 * Finding the project root and reading svc.config.json. A bad or missing config is a
 * diagnostic (exit 2 at the command line), never an exception.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { LineIndex } from '../../../grammar/span.js';
import { sourceAsset } from '../../source-asset.js';
import { schemaValidator, validateDocument } from '../json-schema.js';

export const CONFIG_FILE = 'svc.config.json';

/** `statementCheck.allow` of a connection: names a read may use beyond the engine's allow list. */
export interface StatementAllowanceConfig {
  functions?: string[];
  tableFunctions?: string[];
  relations?: string[];
}

export interface ConnectionConfig {
  driver: string;
  path?: string;
  allowedDirectories?: string[];
  /** The statement check of this connection's reads: the project's additions to its allow list. */
  statementCheck?: { allow?: StatementAllowanceConfig };
  [k: string]: unknown;
}

/** The connections that add names to their allow list, with the additions (sorted by connection). */
export function statementAllowances(config: SvcConfig | undefined): Record<string, StatementAllowanceConfig> {
  const out: Record<string, StatementAllowanceConfig> = {};
  for (const [name, c] of Object.entries(config?.connections ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const allow = c.statementCheck?.allow;
    if (allow === undefined) continue;
    const kept: StatementAllowanceConfig = {};
    for (const key of ['functions', 'tableFunctions', 'relations'] as const) if ((allow[key]?.length ?? 0) > 0) kept[key] = [...(allow[key] as string[])];
    if (Object.keys(kept).length > 0) out[name] = kept;
  }
  return out;
}

/** One info diagnostic per connection that widens its allow list, naming every addition (svc lint shows them). */
export function statementAllowanceNotes(config: SvcConfig | undefined): Diagnostic[] {
  return Object.entries(statementAllowances(config)).map(([connection, allow]) =>
    diag(
      'config/statement-allow',
      {
        connection,
        names: (['functions', 'tableFunctions', 'relations'] as const)
          .filter((key) => allow[key] !== undefined)
          .map((key) => `${key} ${(allow[key] as string[]).join(', ')}`)
          .join('; '),
        pointer: `/connections/${connection}/statementCheck/allow`,
      },
      { file: CONFIG_FILE },
    ),
  );
}

export interface SvcConfig {
  project: string;
  connections?: Record<string, ConnectionConfig>;
  defaultConnection?: string;
  contracts?: { manifestPath?: string };
  /** `signed`: receipts must be signed by a listed certifier (false: the unsigned setting, warned about). */
  certification?: { rules?: 'oss' | 'enterprise'; owner?: string; signed?: boolean };
  rules?: Array<Record<string, unknown>>;
  ask?: Record<string, unknown>;
  owner?: string;
  /** The transformation project Tier 2 reads as context: a dbt manifest.json, or a folder of dbt model YAML. */
  transform?: { dbtManifest?: string; dbtModels?: string };
  /** Columns holding personal data of a kind Ask refuses about individuals (`"guests.email": "contact"`). */
  sensitive?: { columns?: Record<string, 'contact' | 'pay' | 'health' | 'protected' | 'identifier'> };
}

export interface LoadedConfig {
  root: string;
  config?: SvcConfig;
  /** Exact text of the config file, part of the compile cache key. */
  text?: string;
  diagnostics: Diagnostic[];
}

/** Walks up from `start` to the first folder holding svc.config.json. */
export function findProjectRoot(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, CONFIG_FILE))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The project folder options name: `project` resolved against `cwd`, else found above `cwd`. */
export function projectRootOf(opts: { project?: string; cwd?: string }): string | undefined {
  const cwd = opts.cwd ?? process.cwd();
  return opts.project !== undefined ? resolve(cwd, opts.project) : findProjectRoot(cwd);
}

const schemaUrl = sourceAsset('compiler/schemas/config.schema.json');

/**
 * Reads the config of the project at `root` (or found above `cwd` when root is not given).
 * `trusted(text)` may vouch that this exact text already passed validation by this build
 * (the compile cache knows), which spares loading the schema validator on a warm run.
 */
export function loadConfig(opts: { project?: string; cwd?: string; trusted?: (text: string) => boolean }): LoadedConfig {
  const cwd = opts.cwd ?? process.cwd();
  const root = projectRootOf(opts);
  if (root === undefined) {
    return { root: resolve(cwd), diagnostics: [diag('config/missing', { dir: resolve(cwd) })] };
  }
  const path = join(root, CONFIG_FILE);
  let text: string;
  try {
    if (!statSync(path).isFile()) throw new Error('not a file');
    text = readFileSync(path, 'utf8');
  } catch {
    return { root, diagnostics: [diag('config/missing', { dir: root })] };
  }
  if (opts.trusted?.(text)) {
    try {
      return { root, config: JSON.parse(text.replace(/^\uFEFF/, '')) as SvcConfig, text, diagnostics: [] };
    } catch {
      // fall through to the full reading, which reports the problem
    }
  }
  return { root, ...parseConfigText(text) };
}

/** The offset a JSON.parse message names ("... at position 94"), or undefined. */
function jsonErrorOffset(problem: string): number | undefined {
  const m = /at position (\d+)/.exec(problem);
  return m === null ? undefined : Number(m[1]);
}

/** The message with the position given as a line and column instead of an offset. */
function withLineAndColumn(problem: string, text: string): string {
  const offset = jsonErrorOffset(problem);
  if (offset === undefined) return problem;
  const p = new LineIndex(text).position(offset);
  return problem.replace(/\s*(?:in JSON )?at position \d+.*$/, ` at line ${p.line}, column ${p.column}`);
}

function jsonErrorSpan(problem: string, text: string): { span?: Span } {
  const offset = jsonErrorOffset(problem);
  return offset === undefined ? {} : { span: new LineIndex(text).span(offset, Math.min(text.length, offset + 1)) };
}

/** A password written in the config (kept in git) is an error wherever it stands in a connection. */
function writtenPasswords(data: unknown): Diagnostic[] {
  const connections = (data as { connections?: unknown } | null)?.connections;
  if (connections === null || typeof connections !== 'object') return [];
  return Object.entries(connections as Record<string, unknown>)
    .filter(([, c]) => c !== null && typeof c === 'object' && Object.hasOwn(c, 'password'))
    .map(([name]) => diag('config/password-in-config', { connection: name, pointer: `/connections/${name}/password` }, { file: CONFIG_FILE }));
}

/** Parses and validates config text; exported for tests and for svc lint. */
export function parseConfigText(text: string): { config?: SvcConfig; text: string; diagnostics: Diagnostic[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return {
      text,
      diagnostics: [diag('config/invalid-json', { problem: withLineAndColumn(problem, text) }, { file: CONFIG_FILE, ...jsonErrorSpan(problem, text) })],
    };
  }
  const diagnostics = [...validateDocument(schemaValidator(schemaUrl), data, 'config/invalid', CONFIG_FILE), ...writtenPasswords(data)];
  if (diagnostics.length > 0) return { text, diagnostics };
  return { config: data as SvcConfig, text, diagnostics: [] };
}

/** The driver and name of the connection a block runs on. */
export function resolveConnection(config: SvcConfig | undefined, name?: string): { name: string; driver: string } {
  const connName = name ?? config?.defaultConnection ?? 'default';
  const driver = config?.connections?.[connName]?.driver ?? 'sqlite';
  return { name: connName, driver };
}
