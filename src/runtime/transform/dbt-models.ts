/**
 * The transformation project beside the warehouse, as Tier 2's context (spec 01, Tier 2): the dbt
 * models a config names (`transform.dbtManifest`, a `manifest.json` dbt wrote, or
 * `transform.dbtModels`, a folder of dbt model YAML), with their relation, description, columns
 * and tests. Context only: a model is never certified, never a Tier-1 answer, never an App tile.
 * Read on demand and kept by each file's size and time, so an edited manifest is read again.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { SvcConfig } from '../../compiler/project/config.js';

export interface TransformColumn {
  name: string;
  description: string;
  type?: string;
  /** Test names on the column (`unique`, `not_null`, `accepted_values`, `relationships`, ...). */
  tests: string[];
}

export interface TransformModel {
  name: string;
  /** Where the model is built, as dbt names it (`"db"."schema"."orders"`), else its name. */
  relation: string;
  description: string;
  columns: TransformColumn[];
  /** Tests on the model as a whole. */
  tests: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

/** Tests of a manifest, by the model they are attached to and the column (or '' for the model). */
function manifestTests(nodes: Json): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const node of Object.values(nodes)) {
    if (!isObject(node) || node['resource_type'] !== 'test') continue;
    const meta = isObject(node['test_metadata']) ? node['test_metadata'] : {};
    const name = text(meta['name']) || text(node['name']);
    const dependsOn = isObject(node['depends_on']) && Array.isArray(node['depends_on']['nodes']) ? node['depends_on']['nodes'] : [];
    const model = text(node['attached_node']) || text(dependsOn.find((n) => typeof n === 'string' && n.startsWith('model.')));
    if (name === '' || model === '') continue;
    const kwargs = isObject(meta['kwargs']) ? meta['kwargs'] : {};
    const column = text(node['column_name']) || text(kwargs['column_name']);
    const byColumn = out.get(model) ?? new Map<string, string[]>();
    byColumn.set(column, [...(byColumn.get(column) ?? []), name]);
    out.set(model, byColumn);
  }
  return out;
}

function manifestModel(node: Json, tests: Map<string, string[]> | undefined): TransformModel {
  const columns = isObject(node['columns']) ? Object.values(node['columns']).filter(isObject) : [];
  return {
    name: text(node['name']),
    relation: text(node['relation_name']) || text(node['alias']) || text(node['name']),
    description: text(node['description']),
    columns: columns.map((c) => ({
      name: text(c['name']),
      description: text(c['description']),
      ...(text(c['data_type']) !== '' ? { type: text(c['data_type']) } : {}),
      tests: tests?.get(text(c['name'])) ?? [],
    })),
    tests: tests?.get('') ?? [],
  };
}

/** The models of a dbt `manifest.json`. */
export function modelsOfManifest(manifest: unknown): TransformModel[] {
  const nodes = isObject(manifest) && isObject(manifest['nodes']) ? manifest['nodes'] : {};
  const tests = manifestTests(nodes);
  return Object.entries(nodes)
    .filter((entry): entry is [string, Json] => isObject(entry[1]) && entry[1]['resource_type'] === 'model')
    .map(([id, node]) => manifestModel(node, tests.get(id)))
    .filter((m) => m.name !== '');
}

/** A test entry of model YAML: `unique`, or `{ accepted_values: {...} }`. */
const testName = (t: unknown): string => (typeof t === 'string' ? t : isObject(t) ? (Object.keys(t)[0] ?? '') : '');
const testsOf = (entry: Json): string[] =>
  [...(Array.isArray(entry['tests']) ? entry['tests'] : []), ...(Array.isArray(entry['data_tests']) ? entry['data_tests'] : [])].map(testName).filter(Boolean);

/** The models of one dbt model YAML document (`models: [...]`). */
export function modelsOfYaml(document: unknown): TransformModel[] {
  const models = isObject(document) && Array.isArray(document['models']) ? document['models'].filter(isObject) : [];
  return models
    .map((m) => ({
      name: text(m['name']),
      relation: text(m['name']),
      description: text(m['description']),
      columns: (Array.isArray(m['columns']) ? m['columns'].filter(isObject) : []).map((c) => ({
        name: text(c['name']),
        description: text(c['description']),
        ...(text(c['data_type']) !== '' ? { type: text(c['data_type']) } : {}),
        tests: testsOf(c),
      })),
      tests: testsOf(m),
    }))
    .filter((m) => m.name !== '');
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('.') || e.name === 'target' ? [] : yamlFiles(path);
    return /\.ya?ml$/.test(e.name) ? [path] : [];
  });
}

/** The stamp a read is kept by: every file's size and time. */
function stampOf(paths: readonly string[]): string {
  return paths.map((p) => `${p}:${statSync(p).size}:${statSync(p).mtimeMs}`).join('|');
}

const read = new Map<string, { stamp: string; models: TransformModel[] }>();

function readSource(root: string, config: SvcConfig): { key: string; files: string[]; parse: () => TransformModel[] } | undefined {
  const transform = isObject(config.transform) ? config.transform : {};
  const manifest = text(transform['dbtManifest']);
  if (manifest !== '') {
    const file = resolve(root, manifest);
    return { key: file, files: [file], parse: () => modelsOfManifest(JSON.parse(readFileSync(file, 'utf8'))) };
  }
  const folder = text(transform['dbtModels']);
  if (folder === '') return undefined;
  const dir = resolve(root, folder);
  const files = yamlFiles(dir).sort();
  return { key: dir, files, parse: () => files.flatMap((f) => modelsOfYaml(parseYaml(readFileSync(f, 'utf8')))) };
}

/**
 * The transformation models the project's config names; none without that setting, and none
 * (never an error for the Ask) when the files cannot be read: Tier 2 then works from the
 * warehouse schema alone, as it does without dbt.
 */
export function transformModels(root: string, config: SvcConfig | undefined): TransformModel[] {
  try {
    const source = config === undefined ? undefined : readSource(root, config);
    if (source === undefined) return [];
    const stamp = stampOf(source.files);
    const kept = read.get(source.key);
    if (kept?.stamp === stamp) return kept.models;
    const models = source.parse().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    read.set(source.key, { stamp, models });
    return models;
  } catch {
    return [];
  }
}
