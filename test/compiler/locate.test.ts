import { describe, expect, it } from 'vitest';
import { assembleManifest } from '../../src/compiler/manifest/fragments.js';
import { findFragment, locateFragments, manifestDiagnostics, spliceFragments } from '../../src/compiler/manifest/locate.js';

const head = { manifestVersion: 1 as const, project: 'p', contracts: { loaded: false, path: 'c.json', count: 0 } };

describe('locateFragments', () => {
  it('finds every block fragment the assembler wrote, byte for byte', () => {
    const blocks = ['a.x', 'b.y"quoted', 'c.ünï'].map((id) => ({
      id,
      text: Buffer.from(`${JSON.stringify(id)}: ${JSON.stringify({ id, q: 'SELECT "x"\n, 1' })}`),
    }));
    const { bytes } = assembleManifest({ head, blocks, apps: {}, terms: {}, views: {}, lineage: [{ block: 'a.x', table: 't' }], diagnostics: [] });
    const found = locateFragments(bytes);
    expect([...found.keys()]).toEqual(blocks.map((b) => b.id));
    for (const b of blocks) {
      expect(found.get(b.id)?.equals(b.text)).toBe(true);
    }
  });

  it('finds nothing in an empty or foreign manifest', () => {
    expect(locateFragments(assembleManifest({ head, blocks: [], apps: {}, terms: {}, views: {}, lineage: [], diagnostics: [] }).bytes).size).toBe(0);
    expect(locateFragments(Buffer.from('{"blocks": {"a": 1}}')).size).toBe(0);
  });
});

describe('findFragment', () => {
  const ids = ['a.x', 'a.x2', 'b.y"quoted', 'c.ünï'];
  // An App and a diagnostic that mention a block id must never be taken for the block's line.
  const blocks = ids.map((id) => ({ id, text: Buffer.from(`${JSON.stringify(id)}: ${JSON.stringify({ id, q: `SELECT '\n    "a.x": '` })}`) }));
  const apps = { 'a.x': { id: 'a.x', file: 'apps/a/svc.app.json', pages: [] } };
  const diagnostics = [{ code: 'x/y', severity: 'warning' as const, message: '\n    "a.x": {}', data: {} }];
  const { bytes } = assembleManifest({ head, blocks, apps, terms: {}, views: {}, lineage: [], diagnostics });

  it.each(ids)('finds the line of %s and nothing else', (id) => {
    const at = findFragment(bytes, id);
    expect(at).toBeDefined();
    const [start, end] = at as [number, number];
    expect(bytes.subarray(start, end).equals(blocks.find((b) => b.id === id)?.text ?? Buffer.alloc(0))).toBe(true);
  });

  it.each([
    ['a missing id', 'a.'],
    ['an id only an App has', 'apps/a'],
    ['a prefix of an id', 'a'],
  ])('finds nothing for %s', (_, id) => {
    expect(findFragment(bytes, id)).toBeUndefined();
  });
});

describe('manifestDiagnostics', () => {
  const build = (diagnostics: Array<{ code: string; severity: 'error' | 'warning'; message: string }>) =>
    assembleManifest({ head, blocks: [], apps: {}, terms: {}, views: {}, lineage: [], diagnostics: diagnostics.map((d) => ({ ...d, data: {} })) }).bytes;

  it.each([
    ['none', []],
    ['one', [{ code: 'a/b', severity: 'warning' as const, message: 'm' }]],
    [
      'several, one with escapes',
      [
        { code: 'a/b', severity: 'error' as const, message: 'x,\n  ]' },
        { code: 'c/d', severity: 'warning' as const, message: '"q"' },
      ],
    ],
  ])('reads back %s', (_, diagnostics) => {
    expect(manifestDiagnostics(build(diagnostics))).toEqual(diagnostics.map((d) => ({ ...d, data: {} })));
  });

  it('answers undefined for a manifest without the section', () => {
    expect(manifestDiagnostics(Buffer.from('{"blocks": {}}'))).toBeUndefined();
  });
});

describe('spliceFragments', () => {
  const fragment = (id: string, q: string) => ({ id, text: Buffer.from(`${JSON.stringify(id)}: ${JSON.stringify({ id, q })}`) });
  const manifest = (blocks: Array<{ id: string; text: Buffer }>) =>
    assembleManifest({ head, blocks, apps: {}, terms: {}, views: {}, lineage: [], diagnostics: [] }).bytes;
  const before = [fragment('a.x', 'one'), fragment('b.y', 'two'), fragment('c.z', 'three')];

  it.each<[string, Array<{ id: string; text: Buffer }>, boolean]>([
    ['one block, longer', [fragment('b.y', 'two, now longer')], true],
    ['the first and the last, shorter', [fragment('c.z', '3'), fragment('a.x', '1')], true],
    ['a block as it was', [fragment('a.x', 'one')], false],
    ['nothing', [], false],
  ])('replaces %s exactly as assembling anew would', (_, blocks, stale) => {
    const after = before.map((b) => blocks.find((n) => n.id === b.id) ?? b);
    const spliced = spliceFragments(manifest(before), blocks);
    expect(spliced?.stale).toBe(stale);
    expect(Buffer.concat(spliced?.pieces ?? []).equals(manifest(after))).toBe(true);
  });

  it.each<[string, Array<{ id: string; text: Buffer }>]>([
    ['a block the manifest lacks', [fragment('d.w', 'new')]],
    ['the same block twice', [fragment('a.x', '1'), fragment('a.x', '2')]],
  ])('refuses %s', (_, blocks) => {
    expect(spliceFragments(manifest(before), blocks)).toBeUndefined();
  });
});
