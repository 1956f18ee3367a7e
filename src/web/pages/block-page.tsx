/** One block: its trust, SQL, parameters, tests, keys (and their proofs), contract, the tables it reads, its receipt, and Certify for who may certify. */

import { useRef, useState } from 'preact/hooks';
import type { BlockView } from '../../server/contract/blocks.js';
import { useResource } from '../client/api.js';
import { CertifyPanel } from '../parts/certify-panel.js';
import { KeyProofs } from '../parts/key-proofs.js';

/** The block as `GET /api/blocks/:id` shows it. */
type Detail = BlockView['block'];

export function BlockPage({ id }: { id: string }) {
  // A certification reads the block again; the page keeps showing it (and the Certify panel its outcome) meanwhile.
  const [generation, setGeneration] = useState(0);
  const { value, failure } = useResource<BlockView>(`/api/blocks/${encodeURIComponent(id)}`, generation);
  const last = useRef<Detail | undefined>(undefined);
  if (value?.block !== undefined) last.current = value.block;
  const block = value?.block ?? (last.current?.id === id ? last.current : undefined);
  if (failure !== undefined)
    return (
      <p class="error" role="alert">
        {failure}
      </p>
    );
  if (block === undefined) return <p role="status">Reading the block…</p>;
  return (
    <section class="block">
      <h1>
        <code>{block.id}</code>
      </h1>
      <BlockTrust block={block} />
      {block.description !== null ? <p>{block.description}</p> : null}
      <BlockFacts block={block} />
      <h2>SQL</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a query wider than a phone scrolls in its box, which a keyboard must be able to scroll */}
      <pre tabIndex={0}>
        <code>{block.query}</code>
      </pre>
      <BlockParams params={block.params} />
      <BlockTests tests={block.tests} />
      <KeyProofs block={block} />
      <BlockExamples examples={block.examples} />
      <CertifyPanel block={block} onCertified={() => setGeneration((g) => g + 1)} />
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

/** Whether the block may answer as certified, or why not. */
function BlockTrust({ block }: { block: Detail }) {
  const certified = block.trust.label === 'certified';
  return (
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
  );
}

/** Where the block lives, who owns it, its declared status, receipt and contract, and the tables it reads. */
function BlockFacts({ block }: { block: Detail }) {
  return (
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
  );
}

/** The block's parameters with their types, and which are required or have a default. */
function BlockParams({ params }: { params: Detail['params'] }) {
  return (
    <>
      <h2>Parameters</h2>
      {params.length === 0 ? (
        <p class="note">None.</p>
      ) : (
        <ul>
          {params.map((p) => (
            <li>
              <code>{p.name}</code> {p.type}
              {p.required ? ', required' : p.default !== undefined ? `, default ${JSON.stringify(p.default)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The block's declared tests. */
function BlockTests({ tests }: { tests: string[] }) {
  return (
    <>
      <h2>Tests</h2>
      {tests.length === 0 ? (
        <p class="note">None declared.</p>
      ) : (
        <ul>
          {tests.map((t) => (
            <li>
              <code>{t}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The block's example questions, when it has any. */
function BlockExamples({ examples }: { examples: string[] }) {
  if (examples.length === 0) return null;
  return (
    <>
      <h2>Example questions</h2>
      <ul>
        {examples.map((q) => (
          <li>{q}</li>
        ))}
      </ul>
    </>
  );
}
