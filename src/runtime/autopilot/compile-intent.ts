/**
 * From one intent to draft operations (spec 01 App Autopilot rule 3): each change intent becomes
 * the allow-listed `DraftOperation` values of the App Builder, which `compose` then tries on a
 * copy of the saved draft, so a proposal that the draft would refuse is refused now, before any
 * review, and never half-applied later. A source may be named only when it was among the
 * candidates supplied to the model (the browser and the model never bring a source identity of
 * their own). An explanation or repair guidance compiles to no operation.
 */
import type { Manifest } from '../../compiler/types.js';
import { BuildError, compose, type DraftContent, type DraftOperation } from '../app-builder/index.js';
import { AutopilotError } from './autopilot-error.js';
import type { Intent, IntentKind } from './intents.js';

export interface Compiled {
  operations: DraftOperation[];
  /** The draft content the operations make of the saved draft (what the review diff shows). */
  proposed: DraftContent;
}

const text = (intent: Intent, key: string) => intent[key] as string;

function supplied(intent: Intent, sources: ReadonlySet<string>): string {
  const id = text(intent, 'sourceId');
  if (!sources.has(id)) throw new AutopilotError('AUTOPILOT_TARGET_UNKNOWN', `The intent names the source ${id}, which was not among the sources supplied.`);
  return id;
}

type Builder = (intent: Intent, sources: ReadonlySet<string>) => DraftOperation[];
const at = (intent: Intent) => ({ pageId: text(intent, 'pageId'), tileId: text(intent, 'tileId') });

/** Each intent kind's operations (an explanation and guidance change nothing). */
const BUILDERS: Record<IntentKind, Builder> = {
  add_page: (i) => [{ op: 'add_page', title: text(i, 'title') }],
  add_tile: (i, sources) => [
    {
      op: 'add_tile',
      sourceId: supplied(i, sources),
      pageId: text(i, 'pageId'),
      ...(i['kind'] !== undefined ? { kind: text(i, 'kind') } : {}),
      ...(i['title'] !== undefined ? { title: text(i, 'title') } : {}),
    },
  ],
  arrange_layout: (i) => [{ op: 'arrange_tiles', pageId: text(i, 'pageId'), order: [...(i['order'] as string[])] }],
  change_grouping: (i) => [{ op: 'set_tile_grouping', ...at(i), field: text(i, 'field') }],
  change_visualization: (i) => [{ op: 'set_tile_kind', ...at(i), kind: text(i, 'kind') }],
  cross_filter: (i) => [
    {
      op: 'set_cross_filter',
      pageId: text(i, 'pageId'),
      fromTileId: text(i, 'fromTileId'),
      field: text(i, 'field'),
      targets: { ...(i['targets'] as Record<string, string>) },
    },
  ],
  detail_drill: (i, sources) => [{ op: 'set_detail_drill', ...at(i), sourceId: supplied(i, sources), parameter: text(i, 'parameter') }],
  explain: () => [],
  map_filter: (i) => [{ op: 'bind_filter', ...at(i), filterId: text(i, 'filterId'), parameter: text(i, 'parameter') }],
  navigation: (i) => [{ op: 'set_navigation', ...at(i), toPageId: text(i, 'toPageId') }],
  remove_page: (i) => [{ op: 'remove_page', pageId: text(i, 'pageId') }],
  remove_tile: (i) => [{ op: 'remove_tile', ...at(i) }],
  repair_guidance: () => [],
};

/** The operations of `intent` (none for an explanation or guidance). */
export function operationsOf(intent: Intent, sources: ReadonlySet<string>): DraftOperation[] {
  return BUILDERS[intent.intent](intent, sources);
}

/** The operations and the content they make; AUTOPILOT_TARGET_UNKNOWN when the draft refuses them. */
export function compileIntent(intent: Intent, content: DraftContent, manifest: Manifest, sources: ReadonlySet<string>): Compiled {
  const operations = operationsOf(intent, sources);
  try {
    return { operations, proposed: operations.length === 0 ? structuredClone(content) : compose(content, operations, manifest) };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    throw new AutopilotError('AUTOPILOT_TARGET_UNKNOWN', `The draft refuses this change: ${error.message}`, { cause: error.code });
  }
}
