/**
 * Grain keys (spec 03 "Exports and key proofs" 3): `grain = { keys = ["customer_id"], keyEvidence
 * = "complete-source" }` says which result columns name one row of the block, so "one row per
 * customer" is a claim svc can prove (`svc keys prove`, `POST /api/keys/prove`, `svc certify
 * --enterprise`). `grain = "week"` (a word for what one row stands for) stays as it was and
 * declares no keys.
 *
 * `keyEvidence` names what the claim rests on. The only evidence svc accepts is
 * `complete-source` (the default): a proof over every row the block returns, never a sample;
 * any other word is refused here rather than silently treated as proven.
 *
 * Other fields of a grain object (`time`, `by`) describe the rows and are kept as written. Each
 * problem of a key declaration is a diagnostic at the part at fault: keyEvidence without keys,
 * keys that are not a list of column names, an empty list, a key named twice, a key the block's
 * declared `outputs` do not hold (knowable only when outputs are declared), an unknown evidence.
 * A grain with any problem declares no keys, so nothing half-declared is ever proven.
 */
import type { Field, Section, Value } from '../../../grammar/block/ast.js';
import { type Diagnostic, diag, type Span } from '../../../grammar/diagnostics.js';
import type { GrainKeys } from '../types.js';

/** Evidence a key claim may rest on, sorted. */
export const KEY_EVIDENCE = ['complete-source'] as const;

/** A key names a result column: letters, digits and underscores, not starting with a digit. */
export const KEY_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Where {
  block: string;
  file: string;
  out: Diagnostic[];
}

/** The fields of a grain object with their spans (`grain = { ... }` or `grain { ... }`), or undefined when the grain is not an object. */
function entriesOf(member: Field | Section): Field[] | undefined {
  if (member.kind === 'section') return member.members.filter((m): m is Field => m.kind === 'field');
  return member.value.kind === 'object' ? member.value.entries : undefined;
}

function invalid(at: Where, problem: string, span: Span): undefined {
  at.out.push(diag('compile/grain-invalid', { block: at.block, problem }, { file: at.file, span }));
  return undefined;
}

/** One key's problem, or undefined when it is a fresh column name. */
function keyProblem(item: Value, seen: Set<string>): string | undefined {
  if (item.kind !== 'string') return 'keys must be a list of column names';
  if (!KEY_NAME.test(item.value)) return `key "${item.value}" is not a column name (letters, digits and _)`;
  if (seen.has(item.value.toLowerCase())) return `key ${item.value} is named twice`;
  return undefined;
}

/** The keys of `keys = [...]`, each checked against the declared outputs; undefined on any problem. */
function readKeys(entry: Field, outputs: readonly string[], at: Where): string[] | undefined {
  const value = entry.value;
  if (value.kind !== 'array') return invalid(at, 'keys must be a list of column names', value.span);
  if (value.items.length === 0) {
    at.out.push(diag('compile/grain-keys-empty', { block: at.block }, { file: at.file, span: value.span }));
    return undefined;
  }
  const seen = new Set<string>();
  const declared = new Set(outputs.map((o) => o.toLowerCase()));
  const keys: string[] = [];
  for (const item of value.items) {
    const problem = keyProblem(item, seen);
    if (problem !== undefined) {
      invalid(at, problem, item.span);
      continue;
    }
    const key = (item as { value: string }).value;
    seen.add(key.toLowerCase());
    keys.push(key);
    if (declared.size > 0 && !declared.has(key.toLowerCase()))
      at.out.push(diag('compile/grain-key-unknown', { block: at.block, key, outputs: outputs.join(', ') }, { file: at.file, span: item.span }));
  }
  // Any problem leaves the grain without keys: nothing half-declared is proven.
  return keys.length === value.items.length && keys.every((k) => declared.size === 0 || declared.has(k.toLowerCase())) ? keys : undefined;
}

function readEvidence(entry: Field | undefined, at: Where): GrainKeys['keyEvidence'] | undefined {
  if (entry === undefined) return 'complete-source';
  const v = entry.value;
  if (v.kind === 'string' && (KEY_EVIDENCE as readonly string[]).includes(v.value)) return v.value as GrainKeys['keyEvidence'];
  return invalid(at, `keyEvidence must be one of ${KEY_EVIDENCE.join(', ')}`, v.span);
}

/**
 * The grain keys a block declares, or undefined (no grain, a grain word, or a grain with a
 * problem, each reported into `out`).
 */
export function readGrainKeys(member: Field | Section | undefined, outputs: readonly string[], where: Where): GrainKeys | undefined {
  if (member === undefined) return undefined;
  const entries = entriesOf(member);
  if (entries === undefined) return undefined;
  const span = member.kind === 'field' ? member.keySpan : member.nameSpan;
  const keysEntry = entries.find((e) => e.key === 'keys');
  const evidenceEntry = entries.find((e) => e.key === 'keyEvidence');
  // A grain that describes its rows (`{ time = "month", by = ["state"] }`) declares no keys.
  if (keysEntry === undefined && evidenceEntry === undefined) return undefined;
  if (keysEntry === undefined) return invalid(where, 'it names keyEvidence but declares no keys = [...]', span);
  const keys = readKeys(keysEntry, outputs, where);
  const keyEvidence = readEvidence(evidenceEntry, where);
  return keys === undefined || keyEvidence === undefined ? undefined : { keys, keyEvidence };
}
