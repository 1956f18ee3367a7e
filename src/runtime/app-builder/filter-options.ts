/**
 * Filter bindings named on the command line (`svc app build --filter`), turned into the same
 * `bind_filter` operations the Build screen sends to compose. `<filter>=<parameter>` binds page
 * filter `<filter>` on every data tile whose source declares `<parameter>` (the filter candidates
 * of rule 9, from declared capabilities); `<filter>=<tile>.<parameter>` binds one tile only. A
 * binding that matches no tile is refused: a filter the author asked for never silently binds
 * nothing.
 */
import type { Manifest } from '../../compiler/types.js';
import { BuildError } from './build-error.js';
import { filterCandidates } from './filter-candidates.js';
import type { DraftOperation } from './operations.js';
import type { AppBuildDraft } from './types.js';

/** What `--filter` accepts: a filter id, `=`, then a parameter or `<tile>.<parameter>`. */
export const FILTER_OPTION = /^([a-z][a-z0-9_]{0,39})=(?:([a-z][a-z0-9_]*)\.)?([A-Za-z_][A-Za-z0-9_]*)$/;

const invalid = (message: string) => new BuildError('APP_BUILD_OPERATION_INVALID', message);

/** The `bind_filter` operations of `specs` on `draft`, in the order given. */
export function filterOperations(root: string, draft: AppBuildDraft, specs: readonly string[], manifest: Manifest): DraftOperation[] {
  const tiles = filterCandidates(root, draft, manifest);
  const ops: DraftOperation[] = [];
  for (const spec of specs) {
    const m = FILTER_OPTION.exec(spec);
    if (m === null) throw invalid(`--filter ${spec} is not <filter>=<parameter> or <filter>=<tile>.<parameter>.`);
    const [, filterId = '', tileId, parameter = ''] = m;
    const chosen = tiles.filter((t) => (tileId === undefined || t.tileId === tileId) && t.parameters.some((p) => p.name === parameter));
    if (chosen.length === 0)
      throw invalid(
        tileId === undefined
          ? `No tile of the draft reads a source that declares parameter ${parameter} for filter ${filterId}.`
          : `The draft has no tile ${tileId} whose source declares parameter ${parameter}.`,
      );
    for (const t of chosen) ops.push({ op: 'bind_filter', pageId: t.pageId, filterId, tileId: t.tileId, parameter });
  }
  return ops;
}
