/**
 * `svc agent trace compare <left> <right> --mode compare`: each side is a bundle folder or a
 * trace id / Ask run id in the local store (opened read-only). Compares routing stages,
 * candidate roles and reasons, attempts, trust and timing; never prompt or answer prose.
 */

import { resolve } from 'node:path';
import { Command, Option, UsageError } from 'clipanion';
import * as t from 'typanion';
import type { TraceComparison, TraceDetail, TraceStore } from '../../traces/index.js';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { guarded, isBundleDir, json, openStore } from './agent-trace-shared.js';

function comparisonText(c: TraceComparison): string {
  const mark = (equal: boolean) => (equal ? 'same' : 'differs');
  const lines = [
    `left ${c.left.traceId} (run ${c.left.runId})  right ${c.right.traceId} (run ${c.right.runId})`,
    `routing: ${mark(c.routing.equal)}  ${c.routing.left.join(' > ')}  |  ${c.routing.right.join(' > ')}`,
    ...c.routing.counts.map((k) => `  ${k.code} counts: ${JSON.stringify(k.left ?? {})} vs ${JSON.stringify(k.right ?? {})}`),
    `candidates: ${mark(c.candidates.equal)}`,
    ...c.candidates.changes.map(
      (ch) =>
        `  ${ch.id}: ${ch.left ? `${ch.left.role}${ch.left.reasonCode ? ` ${ch.left.reasonCode}` : ''}` : '-'} -> ${ch.right ? `${ch.right.role}${ch.right.reasonCode ? ` ${ch.right.reasonCode}` : ''}` : '-'}`,
    ),
    `attempts: ${mark(c.attempts.equal)}  ${c.attempts.left.join(', ')}  |  ${c.attempts.right.join(', ')}`,
    `trust: ${mark(c.trust.equal)}  ${JSON.stringify(c.trust.left)}  |  ${JSON.stringify(c.trust.right)}`,
    `timing: total ${c.timing.totalMs.left ?? '-'} ms vs ${c.timing.totalMs.right ?? '-'} ms${c.timing.totalMs.deltaMs !== undefined ? ` (${c.timing.totalMs.deltaMs >= 0 ? '+' : ''}${c.timing.totalMs.deltaMs} ms)` : ''}`,
    ...c.timing.phases.map((p) => `  ${p.code}: ${p.left ?? '-'} vs ${p.right ?? '-'} ms`),
    c.same ? 'Same structure.' : 'Structure differs.',
  ];
  return `${lines.join('\n')}\n`;
}

export class AgentTraceCompareCommand extends Command<SvcContext> {
  static override paths = [['agent', 'trace', 'compare']];
  static override usage = Command.Usage({
    description: 'Compare two traces: routing stages, candidate roles and reasons, attempts, trust and timing.',
    details:
      '--mode compare is the only mode and the default. Each side is a bundle folder (validated first) or a trace id or Ask run id in the local store. Strict bundles of one install share pseudonyms, so they compare with each other; against the store their ids differ. Exit codes: 0 compared, 1 a side cannot be read (trace error or invalid bundle), 2 usage error.',
    examples: [['Compare two runs', 'svc agent trace compare run-41 run-42 --mode compare']],
  });

  left = Option.String({ name: 'left' });
  right = Option.String({ name: 'right' });
  // One mode exists, so it is the default; naming it stays accepted.
  mode = Option.String('--mode', 'compare', { validator: t.isEnum(['compare']), description: 'compare (the only mode, and the default)' });
  project = projectOption();
  format = textOrJsonOption();

  private store: TraceStore | undefined;

  private async load(side: string): Promise<TraceDetail> {
    const dir = resolve(this.context.cwd, side);
    if (isBundleDir(dir)) {
      const { validateBundle } = await import('../../traces/bundle-validate.js');
      const v = validateBundle(dir);
      if (v.bundle === undefined)
        throw new UsageError(`${side} is not a valid bundle (${v.findings.length} finding(s)); run svc agent trace validate ${side}.`);
      return v.bundle.trace;
    }
    this.store ??= await openStore(this.context.cwd, this.project);
    return this.store.detail(this.store.resolve(side));
  }

  override async execute(): Promise<number> {
    return guarded(this.context, this.format, async () => {
      try {
        const { compareTraces } = await import('../../traces/compare.js');
        const c = compareTraces(await this.load(this.left), await this.load(this.right));
        if (this.format === 'json') json(this.context, c);
        else this.context.stdout.write(comparisonText(c));
        return 0;
      } finally {
        this.store?.close();
      }
    });
  }
}
