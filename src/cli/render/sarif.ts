/**
 * SARIF 2.1.0 output for `svc lint --format sarif`, shaped for GitHub code scanning: every
 * result has a rule id declared in tool.driver.rules, a level, a message and a physical
 * location with region.startLine (project-level findings point at line 1 of svc.config.json),
 * plus a partial fingerprint so re-uploads do not duplicate alerts.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic, Severity } from '../../../grammar/diagnostics.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface RuleInfo {
  description: string;
  helpText?: string;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

function fingerprint(d: Diagnostic): string {
  return createHash('sha256')
    .update(`${d.code}\u0000${d.file ?? ''}\u0000${d.message}`)
    .digest('hex')
    .slice(0, 32);
}

function region(d: Diagnostic): Record<string, number> {
  if (!d.span) return { startLine: 1, startColumn: 1 };
  const { start, end } = d.span;
  return { startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: Math.max(end.column, 1) };
}

function uri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

/** The SARIF log for a set of diagnostics; `describe` supplies rule metadata per code. */
export function toSarif(diagnostics: readonly Diagnostic[], describe: (code: string) => RuleInfo, version: string): object {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const rules = codes.map((id) => {
    const info = describe(id);
    const first = diagnostics.find((d) => d.code === id);
    const rule: Record<string, unknown> = {
      id,
      name: id.replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase()),
      shortDescription: { text: info.description },
      fullDescription: { text: info.description },
      defaultConfiguration: { level: LEVEL[first?.severity ?? 'warning'] },
    };
    if (info.helpText) rule['help'] = { text: info.helpText };
    return rule;
  });
  const results = diagnostics.map((d) => ({
    ruleId: d.code,
    ruleIndex: index.get(d.code) ?? 0,
    level: LEVEL[d.severity],
    message: { text: d.hint ? `${d.message} ${d.hint}` : d.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: uri(d.file ?? 'svc.config.json') }, region: region(d) } }],
    partialFingerprints: { 'svcFinding/v1': fingerprint(d) },
  }));
  const driver = { name: 'svc', semanticVersion: version, rules };
  return { $schema: SARIF_SCHEMA, version: '2.1.0', runs: [{ tool: { driver }, columnKind: 'utf16CodeUnits', results }] };
}
