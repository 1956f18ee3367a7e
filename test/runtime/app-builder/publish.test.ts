/**
 * Publication (spec 01 Build with AI rules 8-10) on a commerce copy, through the runtime the
 * routes call: the preflight fails closed for each blocker of rule 10 and writes nothing; a
 * failure injected between the file writes of a publication leaves the App's previous files
 * byte for byte; a clean publication replaces them, all files at once. Preview runs at most four
 * components at a time and answers them in the draft's order.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import {
  type AddedAnswer,
  type AppBuildDraft,
  addAnswer,
  BUILDS_DIR,
  BuildError,
  compose,
  contentOf,
  createDraft,
  type DraftContent,
  type DraftOperation,
  nextRevision,
  PUBLISHED_FILE,
  previewDraft,
  publishDraft,
  readDraft,
} from '../../../src/runtime/app-builder/index.js';
import { createBlockRunner } from '../../../src/runtime/certify/executor-runner.js';
import { compiledManifest, openProject } from '../../../src/runtime/certify/project.js';
import type { BlockRunner } from '../../../src/runtime/certify/types.js';
import { blockSource, cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';
import { DRAFT_SOURCE, TOP_STATES, WEEKLY } from './build-helpers.js';

const BROKEN_FILE = 'domains/sales/blocks/_drafts/broken_source.svc';
let root: string;
let config: SvcConfig;
let runner: BlockRunner;

beforeAll(async () => {
  root = await commerceProject();
  // A draft source whose query reads a table the warehouse does not have: its preview fails.
  writeFileSync(join(root, BROKEN_FILE), blockSource('broken_source', { query: '"""\n    SELECT n FROM no_such_table\n  """' }));
  config = openProject({ cwd: root }).project!.config;
  runner = createBlockRunner(root, config);
});

afterAll(async () => {
  await runner?.close();
  cleanupProjects();
});

const manifest = (): Manifest => compiledManifest(root).manifest!;
const EMPTY: DraftContent = { title: 'Revenue', trustMode: 'governed_only', snapshot: '', sources: [], pages: [], reviewTasks: [] };
const SINCE_BOTH: DraftOperation[] = [
  { op: 'add_tile', sourceId: WEEKLY },
  { op: 'add_tile', sourceId: TOP_STATES },
  { op: 'bind_filter', pageId: 'overview', filterId: 'since', tileId: 'weekly_revenue', parameter: 'since' },
  { op: 'bind_filter', pageId: 'overview', filterId: 'since', tileId: 'top_states_by_revenue', parameter: 'since' },
];

function draftOf(ops: DraftOperation[], start: DraftContent = EMPTY): AppBuildDraft {
  return createDraft(root, compose(start, ops, manifest()));
}

/** Every file under apps/, with its bytes. */
function appFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else out[rel] = readFileSync(join(root, rel), 'utf8');
    }
  };
  walk('apps');
  return out;
}

function publishing(draft: AppBuildDraft, appId = 'revenue', extra: Partial<Parameters<typeof publishDraft>[0]> = {}) {
  return () =>
    publishDraft({
      root,
      draft,
      manifest: manifest(),
      appId,
      owner: 'analyst@acme.test',
      rules: config.rules ?? [],
      expectedRevision: draft.revision,
      ...extra,
    });
}

function refusal(run: () => unknown): BuildError {
  try {
    run();
  } catch (error) {
    if (error instanceof BuildError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const LIVE: AddedAnswer = { runId: 'run_1', question: 'orders per state', tables: ['orders'], mode: 'live' };

describe('publication preflight fails closed for each blocker of rule 10, writing nothing', () => {
  const cases: Array<[string, () => Promise<AppBuildDraft>, string[]]> = [
    [
      'a draft source',
      async () =>
        preview(
          draftOf([
            { op: 'set_trust_mode', mode: 'include_review_required' },
            { op: 'add_tile', sourceId: DRAFT_SOURCE },
          ]),
        ),
      ['publication/source-certified', 'build/reviews-closed'],
    ],
    [
      'a review source',
      async () =>
        preview(
          draftOf([
            { op: 'set_trust_mode', mode: 'include_review_required' },
            { op: 'add_tile', sourceId: 'domains/catalog/blocks/slow_movers.svc#slow_movers' },
          ]),
        ),
      ['publication/source-certified'],
    ],
    ['a gap (a tile bound to no source)', async () => preview(gapDraft()), ['build/no-gaps', 'build/reviews-closed']],
    [
      'an open review (an Ask answer tile, added in the review lane)',
      async () => preview(createDraft(root, addAnswer(compose({ ...EMPTY, trustMode: 'include_review_required' }, SINCE_BOTH, manifest()), manifest(), LIVE))),
      ['build/reviews-closed', 'publication/answer-tile'],
    ],
    ['an unsettled preview', async () => draftOf(SINCE_BOTH), ['build/preview-settled', 'publication/preview-settled']],
    ['an incomplete filter binding', async () => preview(draftOf(SINCE_BOTH.slice(0, 3))), ['publication/filters-bound']],
  ];

  it.each(cases)('%s', async (_case, make, rules) => {
    const draft = await make();
    const before = appFiles();
    const error = refusal(publishing(draft));
    expect(error.code).toBe('APP_BUILD_PREFLIGHT_FAILED');
    const found = (error.extra['blockers'] as Array<{ rule: string }>).map((b) => b.rule);
    for (const rule of rules) expect(found).toContain(rule);
    expect(appFiles()).toEqual(before);
  });

  it('source drift (the block changed after the preview), and the snapshot it was made against', async () => {
    const draft = await preview(draftOf(SINCE_BOTH));
    const file = join(root, 'domains/finance/blocks/weekly_revenue.svc');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/description = "[^"]*"/, 'description = "Weekly revenue, reworded."'));
    try {
      const error = refusal(publishing(draft));
      const found = (error.extra['blockers'] as Array<{ rule: string }>).map((b) => b.rule);
      expect(found).toEqual(expect.arrayContaining(['publication/source-current', 'build/snapshot-current']));
      expect(existsSync(join(root, 'apps/revenue'))).toBe(false);
      // Nothing flows in silently: refreshing the binding makes a new revision that records the
      // source as it is now (its receipt no longer matches), which must be previewed and still
      // cannot publish until the source is certified again (the answer gate says why).
      // Under governed_only the lapsed source cannot even be bound; the review lane may preview it.
      expect(refusal(() => compose(contentOf(draft), [{ op: 'refresh_source', sourceId: WEEKLY }], manifest())).code).toBe('APP_BUILD_SOURCE_NOT_ADDABLE');
      const lane: DraftOperation[] = [
        { op: 'set_trust_mode', mode: 'include_review_required' },
        { op: 'refresh_source', sourceId: WEEKLY },
      ];
      const refreshed = nextRevision(root, draft, draft.revision, compose(contentOf(draft), lane, manifest()));
      expect(refreshed.sources.find((x) => x.id === WEEKLY)?.lifecycle).toBe('pending_recertification');
      await preview(refreshed);
      const after = (refusal(publishing(refreshed)).extra['blockers'] as Array<{ rule: string }>).map((b) => b.rule);
      expect(after).not.toContain('publication/source-current');
      expect(after).not.toContain('build/snapshot-current');
      expect(after).toEqual(['publication/source-answer-gate']);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('a revision that is no longer the newest', async () => {
    const draft = await preview(draftOf(SINCE_BOTH));
    expect(refusal(publishing(draft, 'revenue', { expectedRevision: draft.revision - 1 || 9 })).code).toBe('APP_BUILD_REVISION_CONFLICT');
  });
});

describe('publication writes all files or none', () => {
  it('a failure injected between file writes leaves the previous App files intact; a clean run replaces them', async () => {
    const draft = await preview(draftOf(SINCE_BOTH));
    const before = appFiles();
    const crash = {
      afterStep: (i: number) => {
        if (i === 0) throw new Error('injected crash');
      },
    };
    const error = refusal(publishing(draft, 'growth', { hooks: crash }));
    expect(error.code).toBe('APP_BUILD_PUBLISH_FAILED');
    expect(appFiles()).toEqual(before);
    // A failed publication is not recorded: the build's sweep may still drop it.
    const record = join(root, BUILDS_DIR, draft.id, PUBLISHED_FILE);
    expect(existsSync(record)).toBe(false);
    const published = publishing(draft, 'growth')();
    // The build records what it published, which keeps it from the local store's sweep.
    expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({ app: 'growth', revision: draft.revision });
    expect(published.files).toEqual(['apps/growth/dashboards/overview.svcd', 'apps/growth/svc.app.json']);
    const after = appFiles();
    expect(
      Object.keys(after)
        .filter((f) => f.startsWith('apps/growth/'))
        .sort(),
    ).toEqual(['apps/growth/dashboards/overview.svcd', 'apps/growth/svc.app.json']);
    expect(JSON.parse(after['apps/growth/svc.app.json']!)).toMatchObject({
      id: 'growth',
      title: 'Revenue',
      lifecycle: 'draft',
      pages: [{ id: 'overview', dashboard: 'dashboards/overview.svcd' }],
    });
    expect(published.trust).toMatchObject({ label: expect.any(String), total: 2 });
  });
});

describe('preview', () => {
  it('reports each failure on its own, in order, and the preflight blocks on it', async () => {
    const draft = draftOf([
      { op: 'set_trust_mode', mode: 'include_review_required' },
      { op: 'add_tile', sourceId: WEEKLY },
      { op: 'add_tile', sourceId: `${BROKEN_FILE}#broken_source` },
      { op: 'add_tile', sourceId: TOP_STATES },
    ]);
    const result = await previewDraft(root, draft, manifest(), runner);
    expect(result.components.map((c) => [c.tileId, c.ok, c.reviewRequired])).toEqual([
      ['weekly_revenue', true, false],
      ['broken_source', false, true],
      ['top_states_by_revenue', true, false],
    ]);
    expect(result.components[1]?.error).toMatch(/\S/);
    const found = (refusal(publishing(draft)).extra['blockers'] as Array<{ rule: string; message: string }>).map((b) => b.rule);
    expect(found).toEqual(expect.arrayContaining(['publication/preview-settled', 'publication/source-certified']));
  });

  it('runs at most 4 components at once, in the draft order, and keeps evidence without rows', async () => {
    const ops: DraftOperation[] = Array.from({ length: 9 }, (_, i) => ({ op: 'add_tile', sourceId: i % 2 === 0 ? WEEKLY : TOP_STATES }));
    const draft = draftOf(ops);
    let inFlight = 0;
    let most = 0;
    const counting: BlockRunner = {
      check: async (block) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          await new Promise((r) => setTimeout(r, 25));
          return await runner.check(block);
        } finally {
          inFlight -= 1;
        }
      },
      close: async () => undefined,
    };
    const result = await previewDraft(root, draft, manifest(), counting);
    expect(most).toBe(4);
    expect(result.components.map((c) => c.tileId)).toEqual(draft.pages[0]!.tiles.map((t) => t.id));
    expect(result.components.every((c) => c.ok)).toBe(true);
    const stored = readFileSync(join(root, BUILDS_DIR, draft.id, 'evidence.json'), 'utf8');
    expect(JSON.parse(stored)).toMatchObject({ revision: draft.revision, tiles: expect.any(Array) });
    expect(stored).not.toMatch(/"rows"/);
  });
});

async function preview(draft: AppBuildDraft): Promise<AppBuildDraft> {
  await previewDraft(root, draft, manifest(), runner);
  return draft;
}

/** A version 2 draft whose only source is missing now, migrated on its first read. */
function gapDraft(): AppBuildDraft {
  const id = `legacy_${Math.random().toString(36).slice(2, 10)}`;
  const legacy = {
    version: 2,
    id,
    title: 'Old',
    pages: [{ id: 'overview', tiles: [{ id: 'gone', kind: 'table', source: { path: 'domains/finance/blocks/gone.svc', fingerprint: 'sha256:0' } }] }],
  };
  mkdirSync(join(root, BUILDS_DIR), { recursive: true });
  writeFileSync(join(root, BUILDS_DIR, `${id}.json`), JSON.stringify(legacy));
  return readDraft(root, id, manifest());
}
