/**
 * An evaluation set (`svc eval <questions.yaml>`): questions with what the Ask cascade must do
 * with each. Read as YAML, checked against src/runtime/schemas/eval-set.schema.json; every
 * problem is a diagnostic with its JSON pointer, never a stack trace.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Diagnostic, diag } from '../../../grammar/diagnostics.js';
import { schemaValidator, validateDocument } from '../../compiler/json-schema.js';
import { sourceAsset } from '../../source-asset.js';

export const EVAL_KINDS = ['example', 'paraphrase', 'parameter', 'by-name', 'follow-up', 'near-miss', 'unanswerable', 'sensitive', 'definition'] as const;
export type EvalKind = (typeof EVAL_KINDS)[number];

export interface EvalExpect {
  tier: 1 | 2 | 3;
  block?: string;
  /** The parameters bound from the question, exactly. */
  params?: Record<string, string | number | boolean>;
  refusal?: string;
  term?: string;
}

export interface EvalItem {
  id: string;
  kind: EvalKind;
  question: string;
  /** Items sharing a label are one conversation, asked in file order. */
  thread?: string;
  note?: string;
  expect: EvalExpect;
}

export interface EvalSet {
  version: 1;
  now?: string;
  questions: EvalItem[];
}

const schemaUrl = sourceAsset('runtime/schemas/eval-set.schema.json');

function parseYaml(text: string): { data?: unknown; problem?: string } {
  try {
    return { data: (createRequire(import.meta.url)('yaml') as { parse: (t: string) => unknown }).parse(text) };
  } catch (error) {
    return { problem: error instanceof Error ? (error.message.split('\n')[0] ?? 'not YAML') : 'not YAML' };
  }
}

function duplicates(set: EvalSet, file: string): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const q of set.questions) {
    if (seen.has(q.id)) out.push(diag('eval/duplicate-id', { id: q.id }, { file }));
    seen.add(q.id);
  }
  return out;
}

/** Reads the set at `path` (shown as `file` in diagnostics). */
export function readEvalSet(path: string, file = path): { set?: EvalSet; diagnostics: Diagnostic[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { diagnostics: [diag('eval/unreadable', { problem: (error as NodeJS.ErrnoException).code ?? 'unreadable' }, { file })] };
  }
  const { data, problem } = parseYaml(text);
  if (problem !== undefined) return { diagnostics: [diag('eval/unreadable', { problem }, { file })] };
  const invalid = validateDocument(schemaValidator(schemaUrl), data, 'eval/invalid', file);
  if (invalid.length > 0) return { diagnostics: invalid };
  const set = data as EvalSet;
  const dup = duplicates(set, file);
  return dup.length > 0 ? { diagnostics: dup } : { set, diagnostics: [] };
}
