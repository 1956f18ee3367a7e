/**
 * Aggregate validation of a draft's content (spec 01 "App Builder objects"), after every batch of
 * operations and before a revision is written: no source listed twice, no tile bound to a source
 * the draft does not list, no filter bound to a tile the page does not have, and under
 * `governed_only` no bound source that is not certified (switching back to governed_only, or
 * refreshing a source whose certification lapsed, is refused until the tile is removed).
 */
import { BuildError } from './build-error.js';
import type { DraftContent } from './draft-store.js';

const invalid = (message: string) => new BuildError('APP_BUILD_OPERATION_INVALID', message);

export function validateDraft(content: DraftContent): void {
  const ids = content.sources.map((s) => s.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw invalid(`The draft lists source ${twice} twice.`);
  const listed = new Map(content.sources.map((s) => [s.id, s]));
  for (const page of content.pages) {
    const tiles = new Set(page.tiles.map((t) => t.id));
    for (const tile of page.tiles) {
      if (tile.sourceId === undefined) continue;
      const source = listed.get(tile.sourceId);
      if (source === undefined) throw invalid(`Tile ${tile.id} is bound to ${tile.sourceId}, which the draft does not list.`);
      if (content.trustMode === 'governed_only' && source.lifecycle !== 'certified')
        throw new BuildError(
          'APP_BUILD_SOURCE_NOT_ADDABLE',
          `Tile ${tile.id} reads ${source.id}, which is ${source.lifecycle}: a governed_only build holds certified sources only.`,
          {
            sourceId: source.id,
          },
        );
    }
    for (const filter of page.filters)
      for (const tile of Object.keys(filter.bindings))
        if (!tiles.has(tile)) throw invalid(`Filter ${filter.id} is bound to tile ${tile}, which page ${page.id} does not have.`);
  }
}
