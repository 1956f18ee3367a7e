/**
 * The allow-list of draft operations (spec 01 Build with AI rule 7): what a browser, the
 * command line or a planner's proposal may ask of `compose`. Each names sources only by a
 * catalog id and pages and tiles only by ids the draft already holds; the server mints every
 * new id, binding and review task.
 */
import type { TrustMode } from './types.js';

export type DraftOperation =
  | { op: 'set_title'; title: string }
  | { op: 'set_trust_mode'; mode: TrustMode }
  | { op: 'add_page'; title: string }
  | { op: 'remove_page'; pageId: string }
  | { op: 'move_page'; pageId: string; to: number }
  | { op: 'add_source'; sourceId: string }
  | { op: 'add_tile'; sourceId: string; pageId?: string; title?: string; kind?: string }
  | { op: 'add_text'; text: string; pageId?: string; title?: string }
  | { op: 'remove_tile'; pageId: string; tileId: string }
  | { op: 'move_tile'; pageId: string; tileId: string; to: number }
  | { op: 'bind_filter'; pageId: string; filterId: string; tileId: string; parameter: string }
  | { op: 'unbind_filter'; pageId: string; filterId: string; tileId: string }
  | { op: 'refresh_source'; sourceId: string }
  | { op: 'set_tile_kind'; pageId: string; tileId: string; kind: string }
  | { op: 'set_tile_grouping'; pageId: string; tileId: string; field: string }
  | { op: 'arrange_tiles'; pageId: string; order: string[] }
  | { op: 'set_cross_filter'; pageId: string; fromTileId: string; field: string; targets: Record<string, string> }
  | { op: 'set_navigation'; pageId: string; tileId: string; toPageId: string }
  | { op: 'set_detail_drill'; pageId: string; tileId: string; sourceId: string; parameter: string }
  | { op: 'resolve_task'; taskId: string; sourceId?: string };

export const OPERATION_NAMES = [
  'add_page',
  'add_source',
  'add_text',
  'add_tile',
  'arrange_tiles',
  'bind_filter',
  'move_page',
  'move_tile',
  'refresh_source',
  'remove_page',
  'remove_tile',
  'resolve_task',
  'set_cross_filter',
  'set_detail_drill',
  'set_navigation',
  'set_tile_grouping',
  'set_tile_kind',
  'set_title',
  'set_trust_mode',
  'unbind_filter',
] as const;
