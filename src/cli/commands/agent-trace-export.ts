/**
 * `svc agent trace export <trace-id-or-run-id> --out <dir> --profile strict|support`: writes a
 * portable bundle into an empty (or new) folder; never overwrites an earlier bundle. Support
 * keeps identifiers and needs --confirm-reviewed-identifiers; its reviewed question prose is
 * only what --question says, never anything recovered from the trace.
 */

import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option, UsageError } from 'clipanion';
import * as t from 'typanion';
import type { SvcContext } from '../context.js';
import { projectOption, textOrJsonOption } from '../options.js';
import { guarded, json, withStore } from './agent-trace-shared.js';

export class AgentTraceExportCommand extends Command<SvcContext> {
  static override paths = [['agent', 'trace', 'export']];
  static override usage = Command.Usage({
    description: 'Export one trace as a portable, checksum-bound bundle of four JSON files.',
    details:
      'strict pseudonymises every identifier. support keeps them and requires --confirm-reviewed-identifiers (a reviewer approved them for sharing); --question adds reviewed question prose. Both run a canary for secrets, SQL, URLs and paths. Exit codes: 0 exported, 1 a trace error or TRACE_EXPORT_REDACTION_FAILED (nothing written), 2 usage error (including an output folder that is not empty).',
    examples: [
      ['Strict bundle', 'svc agent trace export run-42 --out ./trace-run-42 --profile strict'],
      [
        'Support bundle after review',
        'svc agent trace export run-42 --out ./support --profile support --confirm-reviewed-identifiers --question "Weekly revenue?"',
      ],
    ],
  });

  id = Option.String({ name: 'trace-id-or-run-id' });
  out = Option.String('--out', { required: true, description: 'Empty or new folder for the bundle' });
  profile = Option.String('--profile', 'strict', { validator: t.isEnum(['strict', 'support']), description: 'strict or support' });
  confirm = Option.Boolean('--confirm-reviewed-identifiers', false, { description: 'support: a reviewer approved the identifiers for sharing' });
  question = Option.String('--question', { description: 'support: reviewed question prose to include' });
  project = projectOption();
  format = textOrJsonOption();

  private checkUsage(dir: string): void {
    if (this.profile === 'support' && !this.confirm)
      throw new UsageError('The support profile keeps identifiers: pass --confirm-reviewed-identifiers once a reviewer approved them for sharing.');
    if (this.profile === 'strict' && (this.confirm || this.question !== undefined))
      throw new UsageError('--confirm-reviewed-identifiers and --question belong to --profile support.');
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      // a folder that does not exist yet is created by the export
    }
    if (entries.length > 0) throw new UsageError(`${this.out} is not empty; an export never overwrites an earlier bundle.`);
  }

  override async execute(): Promise<number> {
    return guarded(this.context, this.format, async () => {
      const dir = resolve(this.context.cwd, this.out);
      this.checkUsage(dir);
      return withStore(this.context.cwd, this.project, async (store) => {
        const { buildBundle, writeBundle, installSalt } = await import('../../traces/index.js');
        const detail = store.detail(store.resolve(this.id));
        const texts = buildBundle(detail, {
          profile: this.profile as 'strict' | 'support',
          salt: installSalt(store.root),
          confirmReviewedIdentifiers: this.confirm,
          ...(this.question !== undefined ? { reviewedQuestion: this.question } : {}),
        });
        writeBundle(dir, texts);
        const bundleTraceId = (JSON.parse(texts['manifest.json']) as { traceId: string }).traceId;
        if (this.format === 'json')
          json(this.context, { exported: true, profile: this.profile, traceId: bundleTraceId, out: this.out, files: Object.keys(texts).sort() });
        else this.context.stdout.write(`Exported ${this.profile} bundle of ${bundleTraceId} to ${this.out} (4 files).\n`);
        return 0;
      });
    });
  }
}
