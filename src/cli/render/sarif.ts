/**
 * SARIF 2.1.0 output for `svc lint --format sarif`, shaped for GitHub code scanning: every
 * result has a rule id declared in tool.driver.rules, a level, a message and a physical
 * location with region.startLine (project-level findings point at line 1 of svc.config.json),
 * plus a partial fingerprint so re-uploads do not duplicate alerts. Every location is relative
 * to one base, SRCROOT (the folder the command ran in, or the project root for certify), and
 * every rule links to its row in docs/diagnostics.md.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Severity } from '../../../grammar/diagnostics.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** Where svc's documentation is published (the schemas' $id base); docs/diagnostics.md lives under it. */
export const DOCS_URI = 'https://svc.dev/docs/';

/** The anchor of a code's or policy rule's row in docs/diagnostics.md (scripts/gen-diagnostics-doc.mjs writes the same). */
export function diagnosticAnchor(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

const BASE_ID = 'SRCROOT';

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

/**
 * The SARIF log for a set of diagnostics; `describe` supplies rule metadata per code, `base` is
 * the folder the diagnostics' files are relative to.
 */
export function toSarif(diagnostics: readonly Diagnostic[], describe: (code: string) => RuleInfo, version: string, base: string): object {
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
      helpUri: `${DOCS_URI}diagnostics.md#${diagnosticAnchor(id)}`,
    };
    if (info.helpText) rule['help'] = { text: info.helpText };
    return rule;
  });
  const results = diagnostics.map((d) => ({
    ruleId: d.code,
    ruleIndex: index.get(d.code) ?? 0,
    level: LEVEL[d.severity],
    message: { text: d.hint ? `${d.message} ${d.hint}` : d.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: uri(d.file ?? 'svc.config.json'), uriBaseId: BASE_ID }, region: region(d) } }],
    partialFingerprints: { 'svcFinding/v1': fingerprint(d) },
  }));
  const driver = { name: 'svc', semanticVersion: version, informationUri: DOCS_URI, rules };
  const originalUriBaseIds = { [BASE_ID]: { uri: `${pathToFileURL(base).href.replace(/\/?$/, '/')}` } };
  return { $schema: SARIF_SCHEMA, version: '2.1.0', runs: [{ tool: { driver }, originalUriBaseIds, columnKind: 'utf16CodeUnits', results }] };
}
