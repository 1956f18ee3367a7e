/**
 * Reading the model's one intent (spec 01 App Autopilot rule 2): each bounded intent of its
 * schema is read as it is; anything else is refused whole with its typed recovery reason, and a
 * change intent compiles to the App Builder's allow-listed operations on a real compiled project.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { compose } from '../../../src/runtime/app-builder/index.js';
import { AutopilotError } from '../../../src/runtime/autopilot/autopilot-error.js';
import { compileIntent } from '../../../src/runtime/autopilot/compile-intent.js';
import { INTENT_KINDS, readIntent } from '../../../src/runtime/autopilot/intents.js';
import { cleanupProjects, copyFixture } from '../../helpers/project.js';
import { CHANNELS, WEEKLY } from '../app-builder/build-helpers.js';

const refusal = (fn: () => unknown): string => {
  try {
    fn();
    return 'read';
  } catch (error) {
    return error instanceof AutopilotError ? error.code : String(error);
  }
};

afterAll(cleanupProjects);

describe('readIntent', () => {
  it.each([
    ['{"intent":"change_visualization","pageId":"p","tileId":"t","kind":"chart"}', 'read'],
    ['```json\n{"intent":"add_page","title":"Money"}\n```', 'read'],
    ['{"intent":"explain","answer":"Revenue is net of refunds."}', 'read'],
    ['{"intent":"arrange_layout","pageId":"p","order":["b","a"]}', 'read'],
    ['not json at all', 'AUTOPILOT_INTENT_MALFORMED'],
    ['["change_visualization"]', 'AUTOPILOT_INTENT_MALFORMED'],
    ['{"intent":"change_visualization","pageId":"p","tileId":"t","kind":"pie"}', 'AUTOPILOT_INTENT_MALFORMED'],
    ['{"intent":"add_page"}', 'AUTOPILOT_INTENT_MALFORMED'],
    ['{"intent":"run_sql","sql":"SELECT * FROM orders"}', 'AUTOPILOT_INTENT_OUT_OF_BOUNDS'],
    ['{"intent":"add_page","title":"x","sql":"SELECT 1"}', 'AUTOPILOT_INTENT_OUT_OF_BOUNDS'],
    ['{"intent":"explain","answer":"x","rows":[{"a":1}]}', 'AUTOPILOT_INTENT_OUT_OF_BOUNDS'],
    ['{"intent":"compose","operations":[{"op":"set_title","title":"x"}]}', 'AUTOPILOT_INTENT_OUT_OF_BOUNDS'],
  ])('%s -> %s', (reply, expected) => {
    expect(refusal(() => readIntent(reply))).toBe(expected);
  });

  it('knows the thirteen bounded intents', () => {
    expect(INTENT_KINDS).toHaveLength(13);
  });
});

describe('compileIntent', () => {
  const root = copyFixture('commerce');
  const manifest = JSON.parse(compileProject({ project: root, cache: false }).text ?? '{}') as Manifest;
  const empty = { title: 'A', trustMode: 'governed_only' as const, snapshot: '', sources: [], pages: [], reviewTasks: [] };
  const draft = compose(
    empty,
    [
      { op: 'add_tile', sourceId: WEEKLY, kind: 'table' },
      { op: 'add_tile', sourceId: CHANNELS },
    ],
    manifest,
  );
  const page = draft.pages[0]!;
  const [weekly, channels] = page.tiles.map((t) => t.id) as [string, string];
  const supplied = new Set([WEEKLY, CHANNELS]);

  it.each([
    ['change_visualization', { pageId: page.id, tileId: weekly, kind: 'chart' }, (d: typeof draft) => d.pages[0]!.tiles[0]!.kind, 'chart'],
    ['change_grouping', { pageId: page.id, tileId: channels, field: 'channel' }, (d: typeof draft) => d.pages[0]!.tiles[1]!.groupBy, 'channel'],
    ['arrange_layout', { pageId: page.id, order: [channels, weekly] }, (d: typeof draft) => d.pages[0]!.tiles.map((t) => t.id).join(), `${channels},${weekly}`],
    ['navigation', { pageId: page.id, tileId: weekly, toPageId: 'overview' }, () => 'refused', 'AUTOPILOT_TARGET_UNKNOWN'],
    ['add_tile', { pageId: page.id, sourceId: 'domains/x.svc#x' }, () => 'refused', 'AUTOPILOT_TARGET_UNKNOWN'],
    ['remove_tile', { pageId: page.id, tileId: 'nope' }, () => 'refused', 'AUTOPILOT_TARGET_UNKNOWN'],
  ])('%s', (kind, fields, read, expected) => {
    const outcome = refusal(() => compileIntent({ intent: kind as never, ...fields }, draft, manifest, supplied));
    if (outcome !== 'read') return expect(outcome).toBe(expected);
    expect(read(compileIntent({ intent: kind as never, ...fields }, draft, manifest, supplied).proposed)).toBe(expected);
  });
});
