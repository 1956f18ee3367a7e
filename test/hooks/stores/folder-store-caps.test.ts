/**
 * The local stores kept as one file or folder per entry hold to their caps (the SQLite stores':
 * store-caps.test.ts): each is filled past its cap through the same function svc writes it
 * with, and the sweep that write runs must have brought it back, oldest first, never dropping
 * what is still referenced (a digest baseline, a still-published App's build, the revision a
 * preview's evidence or an applied Autopilot proposal names). Real files under a temporary project.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markPublished } from '../../../src/runtime/app-builder/build-retention.js';
import { writeEvidence } from '../../../src/runtime/app-builder/evidence-store.js';
import {
  BUILD_LIMITS,
  BUILDS_DIR,
  buildFolder,
  contentOf,
  createDraft,
  type DraftContent,
  nextRevision,
  readDraft,
} from '../../../src/runtime/app-builder/index.js';
import { markApplied, type ReviewArtifact, writeArtifact } from '../../../src/runtime/autopilot/review-store.js';
import { DIGEST_LIMITS, digestFolder, settleDigest } from '../../../src/runtime/schedules/digests.js';
import { listScheduleRuns, RUNS_KEPT, recordScheduleRun } from '../../../src/runtime/schedules/run-history.js';
import { cleanupProjects, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const DAY = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const EMPTY: DraftContent = { title: 'Revenue', trustMode: 'governed_only', snapshot: '', sources: [], pages: [], reviewTasks: [] };
const EMPTY_MANIFEST = { blocks: {}, apps: {} } as unknown as Parameters<typeof readDraft>[2];

/** Settles `n` runs of one schedule whose figure changes every time, at `at(i)`. */
function digestRuns(root: string, n: number, at: (i: number) => number): string[] {
  for (let i = 0; i < n; i++) {
    const digest = { runId: `run_${String(i).padStart(3, '0')}`, at: iso(at(i)), appId: 'sales', pageId: 'overview', scheduleId: 'weekly' };
    settleDigest(root, 'ada@example.test', digest, [{ tileId: 'revenue', value: i, trust: 'Certified' }]);
  }
  return readdirSync(digestFolder(root, 'ada@example.test', 'sales', 'weekly')).sort();
}

describe('schedule digests: per person per schedule, swept at each digest written', () => {
  it('default caps are documented numbers', () => {
    expect(DIGEST_LIMITS).toEqual({ maxFiles: 50, maxAgeMs: 90 * DAY });
  });

  it('the newest 50 digests stay, and the baseline the next run compares with', () => {
    const kept = digestRuns(makeProject({}), 70, (i) => START + i * 3_600_000);
    expect(kept).toHaveLength(51);
    expect(kept).toContain('baseline.json');
    expect(kept).toContain('run_069.json');
    expect(kept).toContain('run_020.json');
    expect(kept).not.toContain('run_019.json');
  });

  it('digests past 90 days go', () => {
    const kept = digestRuns(makeProject({}), 12, (i) => START + (i < 10 ? i * DAY : 120 * DAY + i));
    expect(kept).toEqual(['baseline.json', 'run_010.json', 'run_011.json']);
  });
});

describe('schedule run history: the newest 50 per schedule', () => {
  it('keeps the newest, newest last', () => {
    expect(RUNS_KEPT).toBe(50);
    const root = makeProject({});
    for (let i = 0; i < 60; i++)
      recordScheduleRun(root, 'sales', 'weekly', {
        runId: `run_${i}`,
        at: iso(START + i * DAY),
        ran: true,
        changed: false,
        deliveries: [],
        fired: [],
        reason: '',
      });
    const runs = listScheduleRuns(root, 'sales', 'weekly').map((r) => r.runId);
    expect(runs).toHaveLength(50);
    expect(runs[0]).toBe('run_10');
    expect(runs.at(-1)).toBe('run_59');
  });
});

const builds = (root: string): string[] => (existsSync(join(root, BUILDS_DIR)) ? readdirSync(join(root, BUILDS_DIR)) : []);

/** Publishes build `id` as App `app` the way publishDraft records it, with the App's file in the project. */
function published(root: string, id: string, app: string, at: number): void {
  mkdirSync(join(root, 'apps', app), { recursive: true });
  writeFileSync(join(root, 'apps', app, 'svc.app.json'), JSON.stringify({ id: app, pages: [] }));
  markPublished(buildFolder(root, id), { app, revision: 1, at: iso(at) });
}

describe('App builds: per owner, swept at each build started', () => {
  it('default caps are documented numbers', () => {
    expect(BUILD_LIMITS).toEqual({
      builds: { maxFiles: 100, maxAgeMs: 90 * DAY },
      revisions: { maxFiles: 50, maxAgeMs: Number.POSITIVE_INFINITY },
      artifacts: { maxFiles: 100, maxAgeMs: Number.POSITIVE_INFINITY },
    });
  });

  it("the newest 100 of an owner's builds stay, a still-published App's build beyond them, and no one else's is touched", () => {
    const root = makeProject({});
    const theirs = createDraft(root, { ...EMPTY, owner: 'bob' }, new Date(START - DAY)).id;
    const made = Array.from({ length: 110 }, (_, i) => createDraft(root, { ...EMPTY, owner: 'ada' }, new Date(START + i * 60_000)).id);
    // In another project, build 0 was published before the others came; build 1 was too, but its App is gone.
    const root2 = makeProject({});
    const first = createDraft(root2, { ...EMPTY, owner: 'ada' }, new Date(START)).id;
    const second = createDraft(root2, { ...EMPTY, owner: 'ada' }, new Date(START + 1)).id;
    published(root2, first, 'kept', START);
    markPublished(buildFolder(root2, second), { app: 'gone', revision: 1, at: iso(START) });
    for (let i = 2; i < 110; i++) createDraft(root2, { ...EMPTY, owner: 'ada' }, new Date(START + i * 60_000));
    const kept = builds(root);
    expect(kept).toHaveLength(101);
    expect(kept).toContain(theirs);
    expect(kept).toContain(made[109]);
    expect(kept).toContain(made[10]);
    expect(kept).not.toContain(made[9]);
    const kept2 = builds(root2);
    expect(kept2).toContain(first);
    expect(kept2).not.toContain(second);
    expect(kept2).toHaveLength(100);
  });

  it('builds untouched for 90 days go, unless their App is still published from them', () => {
    const root = makeProject({});
    const old = Array.from({ length: 5 }, (_, i) => createDraft(root, EMPTY, new Date(START + i)).id);
    published(root, old[0] as string, 'sales', START);
    const fresh = createDraft(root, EMPTY, new Date(START + 100 * DAY)).id;
    expect(builds(root).sort()).toEqual([old[0], fresh].sort());
  });

  it('the newest 50 revisions of a build stay, and the revisions its evidence and an applied proposal name', () => {
    const root = makeProject({});
    let draft = createDraft(root, EMPTY);
    for (let i = 0; i < 70; i++) {
      draft = nextRevision(root, draft, draft.revision, contentOf(draft));
      if (draft.revision === 3) writeEvidence(root, { build: draft.id, revision: 3, snapshot: '', settledAt: iso(START), tiles: [] });
      if (draft.revision === 5) markApplied(root, draft.id, 'ap_0000000000000001', 5);
    }
    const names = readdirSync(join(root, BUILDS_DIR, draft.id, 'revisions')).sort();
    expect(names).toHaveLength(50);
    expect(names).toEqual(expect.arrayContaining(['000003.json', '000005.json', '000071.json', '000024.json']));
    expect(names).not.toContain('000023.json');
    expect(readDraft(root, draft.id, EMPTY_MANIFEST).revision).toBe(71);
  });

  it('the newest 100 Autopilot artifacts of a build stay, each going with its markers', () => {
    const root = makeProject({});
    const draft = createDraft(root, EMPTY);
    const ids = Array.from({ length: 110 }, (_, i) => `ap_${i.toString(16).padStart(16, '0')}`);
    ids.forEach((id, i) => {
      const artifact: ReviewArtifact = {
        id,
        runId: `run_${i}`,
        traceId: `tr_${i}`,
        build: draft.id,
        baseRevision: 1,
        owner: null,
        createdAt: iso(START + i * 60_000),
        kind: 'answer',
        intent: { intent: 'explain' },
        operations: [],
        proposalHash: '',
        diff: [],
        sources: [],
        evidence: { required: 'none', status: 'not_needed' },
      };
      writeArtifact(root, artifact);
      if (i === 0) markApplied(root, draft.id, id, 1);
    });
    const names = readdirSync(join(root, BUILDS_DIR, draft.id, 'autopilot'));
    expect(names).toHaveLength(100);
    expect(names).toContain(`${ids[109]}.json`);
    expect(names).toContain(`${ids[10]}.json`);
    expect(names).not.toContain(`${ids[9]}.json`);
    expect(names).not.toContain(`${ids[0]}.applied.json`);
  });
});
