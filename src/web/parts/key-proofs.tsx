/**
 * A block's keys and relationships, and a place to prove them (spec 03 "Exports and key proofs"
 * 3): the grain keys and joins the block declares, and for a certified block a button that asks
 * `POST /api/keys/prove` for exactly those, as the signed-in person, then shows each proof's
 * status and counts (or its code and why). The server never sends a row or a key value, so
 * none can show here. Without `query.run` a hosted person is told so instead of offered the
 * button; a block that is not certified is told key proofs prove certified content.
 */
import { useState } from 'preact/hooks';
import type { BlockView } from '../../server/contract/blocks.js';
import type { KeyProofResultsBody } from '../../server/contract/keys.js';
import { api } from '../client/api.js';
import { can } from '../client/host.js';
import { useHost } from '../client/host-context.js';

type Detail = BlockView['block'];
type DatasetResult = KeyProofResultsBody['datasets'][number];
type JoinResult = KeyProofResultsBody['relationships'][number];

/** What the block declares, as a list of plain sentences. */
function Declared({ block }: { block: Detail }) {
  return (
    <ul>
      {block.grainKeys !== undefined ? (
        <li>
          One row per <code>{block.grainKeys.keys.join(', ')}</code> ({block.grainKeys.keyEvidence})
        </li>
      ) : null}
      {(block.relationships ?? []).map((r) => (
        <li>
          <code>{r.name}</code>: <code>{r.keys.join(', ')}</code> refers to <code>{r.to}</code>
          {r.toKeys.join() !== r.keys.join() ? (
            <>
              {' '}
              (<code>{r.toKeys.join(', ')}</code>)
            </>
          ) : null}
          , {r.cardinality}
        </li>
      ))}
    </ul>
  );
}

function datasetCounts(d: DatasetResult): string {
  if (d.error !== undefined) return `${d.error.code}: ${d.error.message}`;
  return `${d.rowCount} rows, ${d.distinctKeyCount} distinct keys, ${d.nullKeyCount} null keys, ${d.duplicateKeyCount} duplicate keys`;
}

function joinCounts(r: JoinResult): string {
  if (r.error !== undefined) return `${r.error.code}: ${r.error.message}`;
  return [
    `observed ${r.observedCardinality}`,
    `${r.orphanKeyCount} orphan keys (${r.orphanRowCount} rows)`,
    `this block: ${r.fromRowCount} rows, ${r.fromNullKeyCount} null keys, ${r.fromDuplicateKeyCount} duplicate keys`,
    `${r.to}: ${r.toRowCount} rows, ${r.toNullKeyCount} null keys, ${r.toDuplicateKeyCount} duplicate keys`,
  ].join('; ');
}

/** One row per proof: what was proven, its status, its counts or why it did not run. */
function Results({ results }: { results: KeyProofResultsBody }) {
  return (
    <div class="table-scroll">
      <table class="key-proofs">
        <caption>{results.ok ? 'Every key proof passed.' : 'Not every key proof passed.'}</caption>
        <thead>
          <tr>
            <th scope="col">Proof</th>
            <th scope="col">Status</th>
            <th scope="col">Counts</th>
          </tr>
        </thead>
        <tbody>
          {results.datasets.map((d) => (
            <tr>
              <th scope="row">keys {d.keys.join(', ')}</th>
              <td class={`proof-${d.status}`}>{d.status}</td>
              <td>{datasetCounts(d)}</td>
            </tr>
          ))}
          {results.relationships.map((r) => (
            <tr>
              <th scope="row">relationship {r.id}</th>
              <td class={`proof-${r.status}`}>{r.status}</td>
              <td>{joinCounts(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The prove button and what came of it. */
function Prover({ block }: { block: Detail }) {
  const [state, setState] = useState<{ running?: boolean; results?: KeyProofResultsBody; failure?: string }>({});
  const prove = async () => {
    setState({ running: true });
    const body = {
      blocks: block.grainKeys !== undefined ? [block.id] : [],
      relationships: (block.relationships ?? []).map((r) => `${block.id}.${r.name}`),
    };
    const r = await api<KeyProofResultsBody>('/api/keys/prove', { body });
    setState(r.ok ? { results: r.value } : { failure: r.error.message });
  };
  return (
    <>
      <button type="button" disabled={state.running === true} onClick={() => void prove()}>
        Prove keys
      </button>
      <p role="status" class="note">
        {state.running === true ? 'Proving over every row…' : ''}
      </p>
      {state.failure !== undefined ? (
        <p class="error" role="alert">
          {state.failure}
        </p>
      ) : null}
      {state.results !== undefined ? <Results results={state.results} /> : null}
    </>
  );
}

/** The block's keys section; nothing when it declares no keys and no relationships. */
export function KeyProofs({ block }: { block: Detail }) {
  const host = useHost();
  if (block.grainKeys === undefined && (block.relationships ?? []).length === 0) return null;
  const certified = block.trust.label === 'certified';
  return (
    <section class="key-proof-panel" aria-labelledby="keys-heading">
      <h2 id="keys-heading">Keys</h2>
      <Declared block={block} />
      {!certified ? (
        <p class="note">Key proofs prove what certified blocks declare; certify this block to prove its keys.</p>
      ) : can(host, 'query.run') ? (
        <Prover block={block} />
      ) : (
        <p class="note">Proving keys runs queries, which you may not do here.</p>
      )}
    </section>
  );
}
