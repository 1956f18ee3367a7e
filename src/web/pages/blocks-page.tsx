/**
 * Blocks: every block by domain with its declared status and the answer gate's one decision
 * (what Ask and the block-run route read: Certified only when the block may answer as certified); drafts grouped apart, ranked by how often they were asked,
 * each with its certify command. Read afresh on every visit, so a draft captured a moment ago
 * is listed without a restart.
 */
import type { BlockList, BlockSummary } from '../../server/contract/blocks.js';
import { useResource } from '../client/api.js';

function Trust({ b }: { b: BlockSummary }) {
  const trusted = b.trust.label === 'certified';
  const label = trusted
    ? 'Certified'
    : b.trust.label === 'review_required' && b.status === 'certified'
      ? 'Review required'
      : b.effectiveStatus.replace(/_/g, ' ');
  return (
    <span class={`badge ${trusted ? 'badge-certified' : b.trust.label === 'review_required' ? 'badge-review' : 'badge-other'}`} title={b.trust.reason}>
      {label}
    </span>
  );
}

function Row({ b }: { b: BlockSummary }) {
  return (
    <li class="block-row">
      <a href={`/blocks/${encodeURIComponent(b.id)}`}>
        <code>{b.id}</code>
      </a>{' '}
      <Trust b={b} />
      {b.status !== b.effectiveStatus ? (
        <span class="note">
          {' '}
          declared {b.status}, receipt {b.receipt}
        </span>
      ) : null}
      {b.description !== null ? <p>{b.description}</p> : null}
    </li>
  );
}

export function BlocksPage() {
  const { value, failure } = useResource<BlockList>('/api/blocks');
  const blocks = value?.blocks;
  if (failure !== undefined)
    return (
      <p class="error" role="alert">
        {failure}
      </p>
    );
  if (blocks === undefined) return <p role="status">Reading blocks…</p>;
  const governed = blocks.filter((b) => !b.inDrafts);
  const drafts = blocks.filter((b) => b.inDrafts).sort((a, b) => (b.askedTimes ?? 0) - (a.askedTimes ?? 0) || (a.id < b.id ? -1 : 1));
  const domains = [...new Set(governed.map((b) => b.id.split('.')[0] ?? ''))].sort();
  const unsigned = value?.certification.warning;
  return (
    <section class="blocks">
      <h1>Blocks</h1>
      {unsigned !== undefined ? (
        <p class="banner banner-caution" role="note" data-code={unsigned.code}>
          {unsigned.message} {unsigned.hint}
        </p>
      ) : null}
      {domains.map((d) => (
        <section aria-labelledby={`domain-${d}`}>
          <h2 id={`domain-${d}`}>{d}</h2>
          <ul>
            {governed
              .filter((b) => b.id.split('.')[0] === d)
              .map((b) => (
                <Row b={b} />
              ))}
          </ul>
        </section>
      ))}
      <Drafts drafts={drafts} />
    </section>
  );
}

/** The drafts, most asked first, each with how often it was asked and its certify command. */
function Drafts({ drafts }: { drafts: BlockSummary[] }) {
  return (
    <section aria-labelledby="drafts" class="drafts">
      <h2 id="drafts">Drafts</h2>
      {drafts.length === 0 ? <p class="note">No drafts: questions no certified block answers are saved here for review.</p> : null}
      <ol>
        {drafts.map((b) => (
          <li class="block-row">
            <a href={`/blocks/${encodeURIComponent(b.id)}`}>
              <code>{b.id}</code>
            </a>{' '}
            <span class="badge badge-review">Review required</span>
            <span class="note">
              {' '}
              asked {b.askedTimes ?? 1} {b.askedTimes === 1 || b.askedTimes === undefined ? 'time' : 'times'}
            </span>
            <p>
              Certify after review: <code>svc certify --from-draft {b.file}</code>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
