/**
 * The manifest log's contract with its readers (manifest-log.ts, read-manifest.ts): lines apply
 * only to the manifest file they name, in order, up to the first torn line; the manifest read
 * then has its blocks in id order and lineage from their tables, like a whole compile's.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assembleManifest } from '../../src/compiler/manifest/fragments.js';
import { appendManifestLog, baseIdentity, type LoggedSections, MANIFEST_LOG } from '../../src/compiler/manifest/manifest-log.js';
import { readManifest } from '../../src/compiler/manifest/read-manifest.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

const head = { manifestVersion: 1 as const, project: 'p', contracts: { loaded: false, path: 'c.json', count: 0 } };
const block = (id: string, tables: string[], description = id) => ({ id, tables, description });
const fragment = (b: { id: string }) => Buffer.from(`${JSON.stringify(b.id)}: ${JSON.stringify(b)}`);
const sections = (diagnostics: LoggedSections['diagnostics'] = []): LoggedSections => ({ ...head, apps: {}, terms: {}, views: {}, diagnostics });

/** A project whose svc-manifest.json holds these blocks, as the compiler writes it. */
function withManifest(blocks: ReturnType<typeof block>[]): string {
  const root = makeProject({ 'svc.config.json': '{"project":"p"}' });
  const lineage = blocks.flatMap((b) => b.tables.map((table) => ({ block: b.id, table })));
  const parts = { head, blocks: blocks.map((b) => ({ id: b.id, text: fragment(b) })), apps: {}, terms: {}, views: {}, lineage, diagnostics: [] };
  writeFileSync(join(root, 'svc-manifest.json'), assembleManifest(parts).bytes);
  mkdirSync(join(root, '.svc/cache'), { recursive: true });
  return root;
}

const finding = { code: 'compile/duplicate-block', severity: 'error' as const, message: 'm', data: {} };

describe('readManifest with a manifest log', () => {
  const a = block('a.one', ['orders']);
  const c = block('c.three', ['payments']);

  it.each([
    {
      what: 'no log: the file as it is',
      log: (_root: string, _base: string) => undefined,
      blocks: ['a.one', 'c.three'],
      lineage: ['a.one/orders', 'c.three/payments'],
    },
    {
      what: 'set and drop applied in order, blocks sorted, lineage from tables',
      log: (root: string, base: string) => {
        appendManifestLog(root, base, sections(), [fragment(block('b.two', ['customers', 'orders']))], []);
        appendManifestLog(root, base, sections([finding]), [fragment(block('a.one', ['items'], 'edited'))], ['c.three']);
      },
      blocks: ['a.one', 'b.two'],
      lineage: ['a.one/items', 'b.two/customers', 'b.two/orders'],
      diagnostics: 1,
    },
    {
      what: 'lines naming another manifest file are ignored',
      log: (root: string) => appendManifestLog(root, '1:2:3', sections([finding]), [fragment(block('b.two', ['x']))], ['a.one']),
      blocks: ['a.one', 'c.three'],
      lineage: ['a.one/orders', 'c.three/payments'],
    },
    {
      what: 'reading stops at a torn line',
      log: (root: string, base: string) => {
        appendManifestLog(root, base, sections(), [], ['c.three']);
        appendFileSync(join(root, MANIFEST_LOG), '{"format":"svc-manifest-log/1","base":');
        appendManifestLog(root, base, sections(), [], ['a.one']);
      },
      blocks: ['a.one'],
      lineage: ['a.one/orders'],
    },
  ])('$what', ({ log, blocks, lineage, diagnostics = 0 }) => {
    const root = withManifest([a, c]);
    log(root, baseIdentity(root));
    const m: Manifest = readManifest(root);
    expect(Object.keys(m.blocks)).toEqual(blocks);
    expect(m.lineage.map((e) => `${e.block}/${e.table}`)).toEqual(lineage);
    expect(m.diagnostics).toHaveLength(diagnostics);
  });

  it('voids the log once the manifest file is rewritten', () => {
    const root = withManifest([a, c]);
    appendManifestLog(root, baseIdentity(root), sections(), [], ['a.one']);
    expect(Object.keys(readManifest(root).blocks)).toEqual(['c.three']);
    // Another size, hence another identity: the log's lines no longer apply.
    writeFileSync(
      join(root, 'svc-manifest.json'),
      `${assembleManifest({ head, blocks: [{ id: a.id, text: fragment(a) }], apps: {}, terms: {}, views: {}, lineage: [], diagnostics: [] }).bytes}`,
    );
    expect(Object.keys(readManifest(root).blocks)).toEqual(['a.one']);
  });
});
