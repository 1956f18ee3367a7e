/**
 * Composing a build draft by hand (spec 01 Build with AI rule 7): its pages in order (add, move,
 * remove), each page's tiles in order (move, remove) with the filters bound to each tile
 * (parts/tile-filters.tsx). Every button sends allow-listed operations naming ids the draft
 * already holds; the server mints the new page's id and answers the next revision.
 */
import { useEffect, useState } from 'preact/hooks';
import type { BuildDraft, FilterCandidates } from '../../server/contract/app-builds.js';
import { api } from '../client/api.js';
import { composeOn, type Operation, type SetBuild } from './build-change.js';
import { TileFilters } from './tile-filters.js';

type Tile = { id: string; title: string; kind: string; sourceId?: string };
type Page = { id: string; title: string; tiles: Tile[]; filters: Array<{ id: string; bindings: Record<string, string> }> };
type Compose = (...operations: Operation[]) => Promise<void>;

interface PageProps {
  page: Page;
  at: number;
  count: number;
  candidates: FilterCandidates | undefined;
  compose: Compose;
}

function MoveButtons({ what, at, count, move }: { what: string; at: number; count: number; move(to: number): void }) {
  return (
    <>
      <button type="button" aria-label={`Move ${what} up`} disabled={at === 0} onClick={() => move(at - 1)}>
        Up
      </button>{' '}
      <button type="button" aria-label={`Move ${what} down`} disabled={at === count - 1} onClick={() => move(at + 1)}>
        Down
      </button>
    </>
  );
}

function TileRow({ page, tile, at, candidates, compose }: PageProps & { tile: Tile }) {
  const candidate = candidates?.tiles.find((c) => c.pageId === page.id && c.tileId === tile.id);
  return (
    <li class="draft-tile" data-tile={tile.id}>
      {tile.title} <span class="note">({tile.kind})</span>{' '}
      <MoveButtons what={tile.title} at={at} count={page.tiles.length} move={(to) => void compose({ op: 'move_tile', pageId: page.id, tileId: tile.id, to })} />{' '}
      <button type="button" aria-label={`Remove ${tile.title}`} onClick={() => void compose({ op: 'remove_tile', pageId: page.id, tileId: tile.id })}>
        Remove
      </button>
      {candidate !== undefined ? (
        <TileFilters key={`${tile.id}:${candidates?.revision}`} pageId={page.id} tile={tile} candidate={candidate} compose={compose} />
      ) : null}
    </li>
  );
}

function PageCard(props: PageProps) {
  const { page, at, count, compose } = props;
  return (
    <section class="draft-page" data-page={page.id} aria-label={`Page ${page.title}`}>
      <h3>{page.title}</h3>
      <p class="page-actions">
        <MoveButtons what={`page ${page.title}`} at={at} count={count} move={(to) => void compose({ op: 'move_page', pageId: page.id, to })} />{' '}
        <button type="button" aria-label={`Remove page ${page.title}`} onClick={() => void compose({ op: 'remove_page', pageId: page.id })}>
          Remove page
        </button>
      </p>
      {page.tiles.length === 0 ? <p class="note">No tiles yet: add a source to this page.</p> : null}
      <ol>
        {page.tiles.map((tile, i) => (
          <TileRow {...props} tile={tile} at={i} />
        ))}
      </ol>
    </section>
  );
}

function AddPage({ compose }: { compose: Compose }) {
  const [title, setTitle] = useState('');
  const submit = (e: Event) => {
    e.preventDefault();
    if (title.trim() !== '') void compose({ op: 'add_page', title: title.trim() }).then(() => setTitle(''));
  };
  return (
    <form class="add-page" onSubmit={submit}>
      <label>
        New page title <input value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
      </label>{' '}
      <button type="submit">Add page</button>
    </form>
  );
}

/** The draft's pages and tiles to compose; `previewId` refreshes the proven columns after a preview. */
export function DraftEditor({ draft, set, previewId }: { draft: BuildDraft; set: SetBuild; previewId?: string }) {
  const [candidates, setCandidates] = useState<FilterCandidates | undefined>();
  useEffect(() => {
    void api<FilterCandidates>(`/api/app-builds/${draft.id}/filter-candidates`).then((r) => setCandidates(r.ok ? r.value : undefined));
  }, [draft.id, draft.revision, previewId]);
  const compose = composeOn(draft, set);
  const pages = draft.pages as Page[];
  return (
    <div class="draft-editor">
      {pages.map((page, at) => (
        <PageCard page={page} at={at} count={pages.length} candidates={candidates?.revision === draft.revision ? candidates : undefined} compose={compose} />
      ))}
      <AddPage compose={compose} />
    </div>
  );
}
