/**
 * Our JSON Schemas are compiled without meta-schema validation at run time, and the build
 * ships prebuilt validators for them: this is where both shortcuts are checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/project.js';

const SCHEMAS = join(REPO, 'src/compiler/schemas');
const BUILT = join(REPO, 'dist/src/compiler/schemas');
const names = readdirSync(SCHEMAS)
  .filter((f) => f.endsWith('.schema.json'))
  .sort();

const DOCUMENTS: Record<string, unknown[]> = {
  'config.schema.json': [
    { project: 'p' },
    {},
    { project: 'p', connections: { default: { driver: 'oracle' } } },
    { project: 'p', extra: 1 },
    { project: 'p', ask: { provider: { kind: 'openai-compatible', apiKeyEnv: 'bad-name' } } },
  ],
  'contract-manifest.schema.json': [
    { version: 1, contracts: [] },
    { version: 2, contracts: [] },
    { version: 1, contracts: [{ id: 'a.B.c', version: 0 }] },
  ],
  'app.schema.json': [
    { id: 'a', pages: [] },
    { id: 'A B', pages: [] },
    { id: 'a', pages: [{ id: 'p', dashboard: '/etc/passwd.svcd' }] },
  ],
  'terms.schema.json': [
    { terms: [] },
    { terms: [{ id: 'a.b', definition: 'x' }] },
    { terms: [{ id: 'A', definition: 'x' }] },
    { terms: [{ id: 'a.b' }] },
    { terms: [{ id: 'a.b', definition: 'x', status: 'sure' }] },
  ],
  'views.schema.json': [
    { views: [] },
    { views: [{ id: 'a.b', description: 'x', blocks: ['a.c'] }] },
    { views: [{ id: 'a.b', description: 'x', blocks: [] }] },
    { views: [{ id: 'a.b', description: 'x' }] },
    { views: [{ id: 'a.b', description: 'x', blocks: ['a.c'], status: 'review' }] },
    { views: [{ id: 'a.b', description: 'x', blocks: ['a.c'], terms: ['Bad'] }] },
  ],
  'page.schema.json': [
    { id: 'p', tiles: [{ id: 't', kind: 'text' }] },
    { id: 'p', tiles: [{ id: 't', kind: 'chart' }] },
    { id: 'p', tiles: [{ id: 't', kind: 'text', source: { kind: 'block', id: 'a.b' } }] },
  ],
};

describe.each(names)('%s', (name) => {
  const schema = JSON.parse(readFileSync(join(SCHEMAS, name), 'utf8')) as object;

  it('is a valid draft-07 schema', () => {
    const ajv = new Ajv({ strict: false, allowUnionTypes: true });
    expect(ajv.validateSchema(schema)).toBe(true);
  });

  it('has a prebuilt validator that agrees with a freshly compiled one', () => {
    const fresh = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(schema);
    const prebuilt = createRequire(import.meta.url)(join(BUILT, name.replace(/\.json$/, '.validate.cjs'))) as ValidateFunction;
    const docs = DOCUMENTS[name] ?? [];
    expect(docs.length).toBeGreaterThan(1);
    for (const doc of docs) {
      expect(prebuilt(doc), JSON.stringify(doc)).toBe(fresh(doc));
      expect(prebuilt.errors?.map((e) => [e.instancePath, e.keyword]) ?? null).toEqual(fresh.errors?.map((e) => [e.instancePath, e.keyword]) ?? null);
    }
  });
});
