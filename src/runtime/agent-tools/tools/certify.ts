/**
 * certify (governance): evaluates the certification rules for a block and returns the
 * findings; it never promotes and never writes. It runs `svc certify`'s own judgement (the
 * same policy, run, tests and rewrite checks) with `dryRun`, which returns before the file
 * transaction. A draft still in `_drafts` is judged as `svc certify --from-draft` would judge
 * it (the read-only check the promotion loop asks for first, spec rule 12).
 */
import { z } from 'zod';
import type { Diagnostic } from '../../../../grammar/diagnostics.js';
import { certifyBlock } from '../../certify/certify-block.js';
import { promoteDraft } from '../../certify/promote-draft.js';
import type { CertifyResult } from '../../certify/types.js';
import { answer, defineTool, refuse, type ToolOutcome } from '../tool.js';

function finding(d: Diagnostic): Record<string, unknown> {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.hint !== undefined ? { hint: d.hint } : {}),
    ...(d.file !== undefined ? { file: d.file } : {}),
  };
}

function nextStep(r: CertifyResult, mode: 'in-place' | 'from-draft'): string {
  if (!r.ok) return 'Fix the failing rules, then evaluate again; nothing was written.';
  return mode === 'from-draft'
    ? `A person promotes it: svc certify --from-draft ${r.from ?? ''}`.trim()
    : `A person certifies it: svc certify ${r.file ?? ''}`.trim();
}

function report(r: CertifyResult, mode: 'in-place' | 'from-draft'): ToolOutcome {
  if (r.exitCode === 2) {
    const first = r.diagnostics.find((d) => d.severity === 'error');
    const code = first?.code === 'certify/not-found' ? 'BLOCK_NOT_FOUND' : 'CERTIFY_UNAVAILABLE';
    return refuse(code, first?.message ?? 'The certification rules could not be evaluated.', { findings: r.diagnostics.map(finding) });
  }
  return answer({
    mode,
    block: r.block ?? null,
    file: mode === 'from-draft' ? (r.from ?? null) : (r.file ?? null),
    // Where promotion would move it; known only once the judgement passed.
    ...(mode === 'from-draft' && r.ok ? { destination: r.file ?? null } : {}),
    rules: r.rules,
    certifiable: r.ok,
    checks: r.checks,
    findings: r.diagnostics.map(finding),
    run: r.run ?? null,
    tests: r.tests,
    wouldChange: r.changed,
    ...(r.contract !== undefined ? { contract: r.contract } : {}),
    // Always empty: the tool evaluates only (spec, agent tools: "does not promote").
    written: [],
    next: nextStep(r, mode),
  });
}

export const certify = defineTool({
  name: 'certify',
  description:
    'Governance: evaluate the certification rules for a block (owner, compile, run, tests; enterprise adds grain, outputs, lineage, pattern, cadence) and return the findings. Evaluates only: never certifies, promotes or writes a file. A draft is judged as svc certify --from-draft would judge it.',
  readOnly: true,
  inputSchema: {
    block: z.string().min(1).max(1_000).describe('Block id (<domain>.<name>) or project-relative block file'),
    enterprise: z.boolean().default(false).describe('Judge by the enterprise rules'),
    domain: z.string().max(100).optional().describe('Drafts only: the domain it would be promoted to'),
    contract: z.string().max(300).optional().describe('Drafts only: the contract id it would bind'),
  },
  async handler(args, ctx) {
    // Judged only (dryRun): nothing is written, so no receipt ever records this `via`.
    const common = { cwd: ctx.root, project: ctx.root, enterprise: args.enterprise, dryRun: true, via: 'cli' as const };
    const known = ctx.catalog.block(args.block);
    const target = known?.file ?? args.block;
    let result = known?.inDrafts === true ? undefined : await certifyBlock({ ...common, target });
    // A draft (known, or found by certify's own lookup) is judged as its promotion.
    const draft = known?.inDrafts === true ? known.file : result?.diagnostics.find((d) => d.code === 'certify/in-drafts')?.file;
    if (draft === undefined && result !== undefined) return report(result, 'in-place');
    result = await promoteDraft({
      ...common,
      draft: draft ?? target,
      ...(args.domain !== undefined ? { domain: args.domain } : {}),
      ...(args.contract !== undefined ? { contract: args.contract } : {}),
    });
    return report(result, 'from-draft');
  },
});
