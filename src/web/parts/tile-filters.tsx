/**
 * Filter bindings of one draft tile (spec 01 Build with AI rule 9): the filters bound to it with
 * the parameter each sets (Unbind), and a form to bind a page filter to one of the parameters
 * its source declares. The candidates come from the server (declared parameters, and the columns
 * the settled preview of this revision proved); a binding is stored only through compose, so the
 * browser never names anything but the page, tile, filter and parameter.
 */
import { useState } from 'preact/hooks';
import type { FilterCandidates } from '../../server/contract/app-builds.js';
import type { Operation } from './build-change.js';

type Candidate = FilterCandidates['tiles'][number];
type Parameter = { name: string; type?: string; required?: boolean };

interface Props {
  pageId: string;
  tile: { id: string; title: string };
  candidate: Candidate;
  compose(...operations: Operation[]): Promise<void>;
}

function Bound({ pageId, tile, candidate, compose }: Props) {
  const bound = Object.entries(candidate.bound);
  if (bound.length === 0) return <p class="filter-note">No filter is bound to this tile.</p>;
  return (
    <ul class="tile-bindings">
      {bound.map(([filterId, parameter]) => (
        <li data-filter={filterId}>
          Filter <code>{filterId}</code> sets <code>{parameter}</code>{' '}
          <button
            type="button"
            aria-label={`Unbind filter ${filterId} from ${tile.title}`}
            onClick={() => void compose({ op: 'unbind_filter', pageId, filterId, tileId: tile.id })}
          >
            Unbind
          </button>
        </li>
      ))}
    </ul>
  );
}

export function TileFilters(props: Props) {
  const { pageId, tile, candidate, compose } = props;
  const parameters = candidate.parameters as Parameter[];
  const [parameter, setParameter] = useState(parameters[0]?.name ?? '');
  const [filterId, setFilterId] = useState('');
  const bind = (e: Event) => {
    e.preventDefault();
    const chosen = parameters.some((p) => p.name === parameter) ? parameter : (parameters[0]?.name ?? '');
    void compose({ op: 'bind_filter', pageId, filterId: filterId.trim() || chosen, tileId: tile.id, parameter: chosen });
  };
  return (
    <div class="tile-filters">
      <Bound {...props} />
      {parameters.length === 0 ? (
        <p class="filter-note">Its source declares no parameter a filter can set.</p>
      ) : (
        <form class="bind-filter" onSubmit={bind}>
          <label>
            Parameter of {tile.title}{' '}
            <select value={parameter} onChange={(e) => setParameter((e.target as HTMLSelectElement).value)}>
              {parameters.map((p) => (
                <option value={p.name}>
                  {p.name}
                  {p.type !== undefined ? ` (${p.type})` : ''}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            Filter id for {tile.title} <input value={filterId} placeholder={parameter} onInput={(e) => setFilterId((e.target as HTMLInputElement).value)} />
          </label>{' '}
          <button type="submit" aria-label={`Bind filter to ${tile.title}`}>
            Bind filter
          </button>
        </form>
      )}
      {candidate.columns.length > 0 ? <p class="filter-note proven-columns">Columns the preview proved: {candidate.columns.join(', ')}</p> : null}
    </div>
  );
}
