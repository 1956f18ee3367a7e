import { describe, expect, it } from 'vitest';
import { assembleManifest } from '../../src/compiler/manifest/fragments.js';
import { locateFragments } from '../../src/compiler/manifest/locate.js';

const head = { manifestVersion: 1 as const, project: 'p', contracts: { loaded: false, path: 'c.json', count: 0 } };

describe('locateFragments', () => {
  it('finds every block fragment the assembler wrote, byte for byte', () => {
    const blocks = ['a.x', 'b.y"quoted', 'c.ünï'].map((id) => ({ id, text: Buffer.from(`${JSON.stringify(id)}: ${JSON.stringify({ id, q: 'SELECT "x"\n, 1' })}`) }));
    const { bytes } = assembleManifest({ head, blocks, apps: {}, lineage: [{ block: 'a.x', table: 't' }], diagnostics: [] });
    const found = locateFragments(bytes);
    expect([...found.keys()]).toEqual(blocks.map((b) => b.id));
    for (const b of blocks) {
      expect(found.get(b.id)?.equals(b.text)).toBe(true);
    }
  });

  it('finds nothing in an empty or foreign manifest', () => {
    expect(locateFragments(assembleManifest({ head, blocks: [], apps: {}, lineage: [], diagnostics: [] }).bytes).size).toBe(0);
    expect(locateFragments(Buffer.from('{"blocks": {"a": 1}}')).size).toBe(0);
  });
});
