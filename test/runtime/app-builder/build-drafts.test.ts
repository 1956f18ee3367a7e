/**
 * Build drafts and the catalog on a commerce copy with two extra block files: same-name blocks
 * in two domains keep apart by their qualified path-derived ids; a version 2 draft migrates on
 * its first read, binding the source that resolves uniquely by path and fingerprint and leaving
 * the ambiguous and the missing ones as open review blockers; revisions are never rewritten.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/compiler/types.js';
import {
  BUILDS_DIR,
  BuildError,
  catalogSources,
  contentOf,
  createDraft,
  nextRevision,
  readDraft,
  readRevision,
  searchSources,
} from '../../../src/runtime/app-builder/index.js';
import { compiledManifest } from '../../../src/runtime/certify/project.js';
import { cleanupProjects, copyFixture } from '../../helpers/project.js';
import { CHANNELS, WEEKLY } from './build-helpers.js';

const TWINS = 'domains/sales/blocks/twins.svc';
const twin = (name: string) =>
  `block "${name}" {\n  domain = "sales"\n  status = "certified"\n  owner = "sales-ops@acme.test"\n  description = "Orders per state (${name})."\n  query = """\n    SELECT state, COUNT(*) AS orders FROM orders GROUP BY state\n  """\n}\n`;

let root: string;
let manifest: Manifest;

beforeAll(() => {
  root = copyFixture('commerce');
  writeFileSync(join(root, TWINS), `${twin('twin_a')}\n${twin('twin_b')}`);
  const finance = readFileSync(join(root, 'domains/sales/blocks/channel_mix.svc'), 'utf8').replace('domain = "sales"', 'domain = "finance"');
  writeFileSync(join(root, 'domains/finance/blocks/channel_mix.svc'), finance);
  manifest = compiledManifest(root).manifest!;
});

afterAll(cleanupProjects);

describe('the catalog', () => {
  it('keeps same-name blocks of two domains apart by qualified, path-derived ids', () => {
    const named = catalogSources(manifest).filter((s) => s.name === 'channel_mix');
    expect(named.map((s) => [s.id, s.blockId])).toEqual([
      ['domains/finance/blocks/channel_mix.svc#channel_mix', 'finance.channel_mix'],
      [CHANNELS, 'sales.channel_mix'],
    ]);
  });

  it.each([
    ['two words, both needed', 'weekly revenue', [WEEKLY]],
    ['a grain or field word', 'week_start', [WEEKLY]],
    ['nothing matching', 'zzz_nothing', []],
    ['a field of one source', 'enterprise_signups', ['domains/customers/blocks/new_customers_monthly.svc#new_customers_monthly']],
  ])('search by %s', (_case, query, ids) => {
    expect(searchSources(catalogSources(manifest), { query }, 'governed_only').sources.map((s) => s.id)).toEqual(ids);
  });

  it('finds by a parameter name exactly the sources that take it (its one-letter part is no prefix)', () => {
    const takes = catalogSources(manifest)
      .filter((s) => s.parameters.some((p) => p.name === 'top_n'))
      .map((s) => s.id)
      .sort();
    expect(takes.length).toBeGreaterThan(3);
    expect(
      searchSources(catalogSources(manifest), { query: 'top_n' }, 'governed_only')
        .sources.map((s) => s.id)
        .sort(),
    ).toEqual(takes);
  });

  it('pages by 50 by default and never more than 100', () => {
    const many = Array.from({ length: 130 }, (_, i) => ({ ...catalogSources(manifest)[0]!, id: `x${String(i).padStart(3, '0')}` }));
    expect(searchSources(many, {}, 'governed_only').sources).toHaveLength(50);
    const capped = searchSources(many, { limit: 500 }, 'governed_only');
    expect(capped.sources).toHaveLength(100);
    expect(searchSources(many, { limit: 500, ...(capped.nextCursor ? { cursor: capped.nextCursor } : {}) }, 'governed_only').sources).toHaveLength(30);
  });
});

describe('version 2 drafts', () => {
  it('migrate lazily: the unique source is bound, the ambiguous and the missing stay visible blockers', () => {
    const weekly = catalogSources(manifest).find((s) => s.id === WEEKLY)!;
    const twins = catalogSources(manifest).filter((s) => s.path === TWINS);
    expect(new Set(twins.map((s) => s.fingerprint)).size).toBe(1);
    const legacy = {
      version: 2,
      id: 'old_build',
      title: 'Old build',
      pages: [
        {
          id: 'main',
          title: 'Main',
          tiles: [
            { id: 'weekly', title: 'Weekly', kind: 'chart', source: { path: weekly.path, fingerprint: weekly.fingerprint } },
            { id: 'states', title: 'States', kind: 'table', source: { path: TWINS, fingerprint: twins[0]!.fingerprint } },
            { id: 'gone', title: 'Gone', kind: 'table', source: { path: 'domains/sales/blocks/gone.svc', fingerprint: 'sha256:00' } },
          ],
        },
      ],
    };
    const file = join(root, BUILDS_DIR, 'old_build.json');
    mkdirSync(join(root, BUILDS_DIR), { recursive: true });
    writeFileSync(file, JSON.stringify(legacy));
    const before = readFileSync(file, 'utf8');
    const draft = readDraft(root, 'old_build', manifest);
    expect(draft).toMatchObject({ version: 3, revision: 1, title: 'Old build' });
    expect(draft.pages[0]!.tiles.map((t) => [t.id, t.sourceId])).toEqual([
      ['weekly', WEEKLY],
      ['states', undefined],
      ['gone', undefined],
    ]);
    expect(draft.reviewTasks.map((t) => [t.kind, t.tile, t.status, t.legacy?.candidates])).toEqual([
      ['ambiguous_source', 'states', 'open', twins.map((s) => s.id)],
      ['missing_source', 'gone', 'open', undefined],
    ]);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readDraft(root, 'old_build', manifest)).toEqual(draft);
  });
});

describe('revisions', () => {
  it('are immutable: each change is the next file, and a change against an older revision is refused', () => {
    const first = createDraft(root, { title: 'T', trustMode: 'governed_only', snapshot: '', sources: [], pages: [], reviewTasks: [] });
    const second = nextRevision(root, first, 1, { ...contentOf(first), title: 'T2' });
    expect(() => nextRevision(root, first, 1, { ...contentOf(first), title: 'T3' })).toThrow(BuildError);
    expect(readdirSync(join(root, BUILDS_DIR, first.id, 'revisions'))).toEqual(['000001.json', '000002.json']);
    expect(readRevision(root, first.id, 1).title).toBe('T');
    expect(readDraft(root, first.id, manifest)).toEqual(second);
    expect(() => readDraft(root, '../escape', manifest)).toThrow(/There is no App build/);
  });

  it.each([
    ['a change naming another owner', { owner: 'mallory' }],
    ['a change naming no owner', { owner: undefined }],
  ])('keep the owner revision 1 recorded: %s', (_case, change) => {
    const first = createDraft(root, { title: 'T', trustMode: 'governed_only', snapshot: '', sources: [], pages: [], reviewTasks: [], owner: 'ada' });
    const second = nextRevision(root, first, 1, { ...contentOf(first), ...change });
    expect(second.owner).toBe('ada');
    expect(readDraft(root, first.id, manifest).owner).toBe('ada');
  });
});
