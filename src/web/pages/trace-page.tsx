/**
 * The trace page `/ask/traces/:runId`: the run's outcome, its phases on a timeline, the
 * candidates with their roles and reason codes, the attempts and timings. It polls while the
 * trace is recording and never once it is terminal; a missing trace, expired detail (the
 * summary is shown) and an unavailable store each get their own message.
 */
import { useEffect, useState } from 'preact/hooks';
import type { TraceDetail, TraceErrorBody, TraceSummary } from '../../server/contract/traces.js';
import { api } from '../client/api.js';

/** How often a recording trace is read again. */
export const POLL_MS = 700;

const MESSAGES: Record<string, string> = {
  TRACE_NOT_FOUND: 'There is no trace of this run for you: it was never recorded here, or it is not yours.',
  TRACE_DETAIL_EXPIRED: 'The detailed evidence of this trace has expired under the retention policy; its summary is kept.',
  TRACE_STORE_UNAVAILABLE: 'Traces cannot be read right now: the trace store is unavailable. Try again later.',
};

function Timeline({ phases, total }: { phases: TraceDetail['phases']; total: number }) {
  const span = Math.max(total, ...phases.map((p) => p.startMs + p.durationMs), 1);
  return (
    <ol class="timeline" aria-label="Phases">
      {phases.map((p) => (
        <li>
          <span class="phase-name">
            <code>{p.code}</code>
            {p.reasonCode !== undefined ? ` · ${p.reasonCode}` : ''}
          </span>
          <span class="bar" aria-hidden="true">
            <span style={{ marginLeft: `${(p.startMs / span) * 100}%`, width: `${Math.max((p.durationMs / span) * 100, 0.5)}%` }} />
          </span>
          <span class="ms">{p.durationMs.toFixed(1)} ms</span>
        </li>
      ))}
    </ol>
  );
}

/** A fact shown as code, left out while it is unknown. */
function CodeFact({ term, value }: { term: string; value: string | undefined }) {
  if (value === undefined) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>
        <code>{value}</code>
      </dd>
    </>
  );
}

/** The run's outcome: status, tier, trust, block, contract, refusal and duration. */
function OutcomeFacts({ d }: { d: TraceDetail }) {
  const o = d.outcome;
  return (
    <dl class="facts">
      <dt>Status</dt>
      <dd data-status={d.status}>{d.status}</dd>
      <dt>Tier</dt>
      <dd>{o.tier ?? '…'}</dd>
      <dt>Trust</dt>
      <dd>{o.trust ?? '…'}</dd>
      <CodeFact term="Block" value={o.block} />
      <CodeFact term="Contract" value={o.contract} />
      <CodeFact term="Refusal" value={o.refusalCode} />
      <dt>Duration</dt>
      <dd>{d.durationMs !== undefined ? `${d.durationMs.toFixed(1)} ms` : '…'}</dd>
    </dl>
  );
}

/** The candidate blocks with their roles, reason codes and scores. */
function Candidates({ candidates }: { candidates: TraceDetail['candidates'] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a narrow window scrolls in its box, which a keyboard must be able to scroll
    <section class="table-scroll" tabIndex={0} aria-label="Candidate blocks">
      <table>
        <thead>
          <tr>
            <th scope="col">Block</th>
            <th scope="col">Role</th>
            <th scope="col">Reason</th>
            <th scope="col">Score</th>
            <th scope="col">Matched</th>
          </tr>
        </thead>
        <tbody>
          {candidates.map((c) => (
            <tr>
              <td>
                <code>{c.id}</code>
              </td>
              <td>{c.role}</td>
              <td>{c.reasonCode ?? ''}</td>
              <td class="num">{c.score?.toFixed(3) ?? ''}</td>
              <td>
                <RouteMatch matched={c.matched} unmatched={c.unmatched} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function TraceBody({ d }: { d: TraceDetail }) {
  return (
    <>
      <OutcomeFacts d={d} />
      <h2>Phases</h2>
      <Timeline phases={d.phases} total={d.durationMs ?? 0} />
      <h2>Candidates</h2>
      <Candidates candidates={d.candidates} />
      <h2>Attempts</h2>
      <ol>
        {d.attempts.map((a) => (
          <li>
            Tier {a.tier}: {a.outcome}
            {a.reasonCode !== undefined ? ` (${a.reasonCode})` : ''}
            {a.durationMs !== undefined ? `, ${a.durationMs.toFixed(1)} ms` : ''}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Why the trace cannot be shown, with what is known of it (an expired detail's summary). */
interface Problem {
  code: string;
  summary?: TraceSummary;
}

/** The run's trace, read again every POLL_MS while it records, or the problem reading it. */
function useTrace(runId: string): { detail: TraceDetail | undefined; problem: Problem | undefined } {
  const [detail, setDetail] = useState<TraceDetail | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const read = async () => {
      const r = await api<TraceDetail>(`/api/ask-traces/by-run/${encodeURIComponent(runId)}`);
      if (stopped) return;
      if (!r.ok) {
        const { summary } = r.error.body as TraceErrorBody;
        setProblem({ code: r.error.code, ...(summary !== undefined ? { summary } : {}) });
        return;
      }
      setDetail(r.value);
      if (r.value.status === 'recording') timer = setTimeout(read, POLL_MS);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [runId]);
  return { detail, problem };
}

/** The message for a trace that cannot be shown, and the summary's plain facts when it is kept. */
function TraceProblem({ problem }: { problem: Problem }) {
  return (
    <div class="error" role="alert" data-code={problem.code}>
      <p>{MESSAGES[problem.code] ?? `The trace could not be read (${problem.code}).`}</p>
      {problem.summary !== undefined ? (
        <dl class="facts">
          {Object.entries(problem.summary)
            .filter(([, v]) => typeof v !== 'object')
            .map(([k, v]) => (
              <>
                <dt>{k}</dt>
                <dd>{String(v)}</dd>
              </>
            ))}
        </dl>
      ) : null}
    </div>
  );
}

export function TracePage({ runId }: { runId: string }) {
  const { detail, problem } = useTrace(runId);
  return (
    <section class="trace">
      <h1>
        Trace of run <code>{runId}</code>
      </h1>
      {problem !== undefined ? <TraceProblem problem={problem} /> : detail === undefined ? <p role="status">Reading the trace…</p> : <TraceBody d={detail} />}
      <p>
        <a href="/ask">Back to Ask</a>
      </p>
    </section>
  );
}

/** How the route matched a candidate: each asked part by the block's declaration, and the kinds it does not give. */
function RouteMatch(props: { matched?: string[] | undefined; unmatched?: string[] | undefined }) {
  const matched = props.matched ?? [];
  const unmatched = props.unmatched ?? [];
  if (matched.length === 0 && unmatched.length === 0) return null;
  return (
    <ul class="route-match">
      {matched.map((m) => {
        const [kind, by] = m.split('=');
        return (
          <li>
            {kind}: <code>{by}</code>
          </li>
        );
      })}
      {unmatched.map((k) => (
        <li class="unmatched">{k}: not given</li>
      ))}
    </ul>
  );
}
