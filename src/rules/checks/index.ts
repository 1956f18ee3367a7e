/**
 * The fixed vocabulary of checks, sorted by kind. A policy can only name a kind listed here;
 * adding a check means adding one file beside this one and one line below (the meta-test in
 * test/rules fails when a file is not registered).
 */
import type { CheckDefinition } from '../check-kit/check.js';
import all from './all.js';
import answerGate from './answer-gate.js';
import any from './any.js';
import arrayMinLength from './array-min-length.js';
import compiles from './compiles.js';
import contractResolves from './contract-resolves.js';
import engineAccepts from './engine-accepts.js';
import fieldEquals from './field-equals.js';
import fieldIn from './field-in.js';
import fieldMatches from './field-matches.js';
import fieldPresent from './field-present.js';
import fieldsEqual from './fields-equal.js';
import keysProven from './keys-proven.js';
import lineageMatchesTables from './lineage-matches-tables.js';
import not from './not.js';
import outputsMatchColumns from './outputs-match-columns.js';
import receiptSigned from './receipt-signed.js';
import runOk from './run-ok.js';
import sqlNotMatches from './sql-not-matches.js';
import testsPass from './tests-pass.js';
import testsPresent from './tests-present.js';
import when from './when.js';

export const CHECKS: readonly CheckDefinition[] = [
  all,
  answerGate,
  any,
  arrayMinLength,
  compiles,
  contractResolves,
  engineAccepts,
  fieldEquals,
  fieldIn,
  fieldMatches,
  fieldPresent,
  fieldsEqual,
  keysProven,
  lineageMatchesTables,
  not,
  outputsMatchColumns,
  receiptSigned,
  runOk,
  sqlNotMatches,
  testsPass,
  testsPresent,
  when,
];

const BY_KIND = new Map(CHECKS.map((c) => [c.kind, c]));

/** The definition of a check kind, or undefined for a kind outside the vocabulary. */
export function getCheck(kind: string): CheckDefinition | undefined {
  return BY_KIND.get(kind);
}

/** Every kind, sorted. */
export function checkKinds(): string[] {
  return CHECKS.map((c) => c.kind);
}
