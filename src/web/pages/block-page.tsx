/** One block: its trust, SQL, parameters, tests, contract, the tables it reads and its receipt. */
import type { BlockView } from '../../server/contract/blocks.js';
import { useResource } from '../client/api.js';

export function BlockPage({ id }: { id: string }) {
  const { value, failure } = useResource<BlockView>(`/api/blocks/${encodeURIComponent(id)}`);
  const block = value?.block;
  if (failure !== undefined)
    return (
      <p class="error" role="alert">
        {failure}
      </p>
    );
  if (block === undefined) return <p role="status">Reading the block…</p>;
  const certified = block.trust.label === 'certified';
  return (
    <section class="block">
      <h1>
        <code>{block.id}</code>
      </h1>
      <p class={`trust ${certified ? 'trust-certified' : 'trust-review'}`}>
        <strong>
          {certified
            ? 'Certified'
            : block.inDrafts === true
              ? 'Draft: review required'
              : block.trust.label === 'review_required'
                ? 'Review required'
                : `Not certified (${block.effectiveStatus.replace(/_/g, ' ')})`}
        </strong>
        {!certified && block.trust.reason !== undefined ? <span> {block.trust.reason}</span> : null}
      </p>
      {block.description !== null ? <p>{block.description}</p> : null}
      <dl class="facts">
        <dt>File</dt>
        <dd>
          <code>{block.file}</code>
        </dd>
        <dt>Owner</dt>
        <dd>{block.owner ?? 'none'}</dd>
        <dt>Declared status</dt>
        <dd>{block.status}</dd>
        <dt>Receipt</dt>
        <dd>{block.receipt ?? 'unknown'}</dd>
        <dt>Contract</dt>
        <dd>{block.contract !== null ? `${block.contract.id}@${block.contract.version} (${block.contract.status})` : 'none'}</dd>
        <dt>Reads</dt>
        <dd>{block.tables.length > 0 ? block.tables.map((t) => <code>{t} </code>) : 'no tables read'}</dd>
      </dl>
      <h2>SQL</h2>
      <pre>
        <code>{block.query}</code>
      </pre>
      <h2>Parameters</h2>
      {block.params.length === 0 ? (
        <p class="note">None.</p>
      ) : (
        <ul>
          {block.params.map((p) => (
            <li>
              <code>{p.name}</code> {p.type}
              {p.required ? ', required' : p.default !== undefined ? `, default ${JSON.stringify(p.default)}` : ''}
            </li>
          ))}
        </ul>
      )}
      <h2>Tests</h2>
      {block.tests.length === 0 ? (
        <p class="note">None declared.</p>
      ) : (
        <ul>
          {block.tests.map((t) => (
            <li>
              <code>{t}</code>
            </li>
          ))}
        </ul>
      )}
      {block.examples.length > 0 ? (
        <>
          <h2>Example questions</h2>
          <ul>
            {block.examples.map((q) => (
              <li>{q}</li>
            ))}
          </ul>
        </>
      ) : null}
      {block.inDrafts === true ? (
        <p>
          Certify after review: <code>svc certify --from-draft {block.file}</code>
        </p>
      ) : null}
      <p>
        <a href="/blocks">All blocks</a>
      </p>
    </section>
  );
}
