/**
 * One finding per cause in a certification report, each where the author fixes it. A query the
 * engine rejects cannot run and its tests cannot pass: the engine's finding is the one reported,
 * at the word the engine names inside the query (a connection that cannot be reached is said to
 * be one, at the config, not blamed on the query). A run that fails is reported without the tests
 * it kept from running. A test naming a column the result lacks says so, at its `assert` line.
 */

import type { Declaration } from '../../../grammar/block/ast.js';
import { parseBlockFile } from '../../../grammar/block/index.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { querySpans } from '../../compiler/project/compile-file.js';
import type { CompiledBlock } from '../../compiler/types.js';
import type { Facts } from '../../rules/facts.js';
import { enginePosition } from '../validate/engine-position.js';

const ENGINE = 'certification/engine-accepts';
const RUN = 'certification/run-ok';
const TESTS = 'certification/tests-pass';
const MISSING_COLUMN = /^column "(.+)" is not in the result$/;

function declarationOf(block: CompiledBlock, text: string): Declaration | undefined {
  return parseBlockFile(text, block.file).declarations.find((d) => d.name === block.name);
}

/** The engine's finding at the word it names in the query. */
function placeEngine(d: Diagnostic, block: CompiledBlock, decl: Declaration, text: string, error: string): Diagnostic {
  const where = querySpans(decl, text);
  const at = enginePosition(error, block.query, block.dialect);
  return where === undefined || at === undefined ? d : { ...d, span: where(at.start, at.end) };
}

/** A connection that cannot be reached is no fault of the query: said so, at the config. */
function unreachable(d: Diagnostic, block: CompiledBlock, error: string): Diagnostic {
  const { span: _span, ...rest } = d;
  return {
    ...rest,
    file: 'svc.config.json',
    message: `Block ${block.id} cannot be certified: connection ${block.connection} cannot be reached (${error}).`,
    hint: 'Check the connection in svc.config.json; svc doctor shows where it points and why it fails.',
  };
}

/** A test on a column the result lacks: said in those words, at the first `assert` on that column. */
function placeTests(d: Diagnostic, facts: Facts, decl: Declaration): Diagnostic {
  const failing = (facts.tests ?? []).find((t) => !t.pass) as { text: string; reason?: string } | undefined;
  const column = MISSING_COLUMN.exec(failing?.reason ?? '')?.[1];
  if (failing === undefined || column === undefined) return d;
  const tests = decl.members.find((m) => m.kind === 'section' && m.name === 'tests');
  const assert = tests?.kind === 'section' ? tests.members.find((m) => m.kind === 'assert' && m.subject === column) : undefined;
  const message = `Tests of ${facts.block?.id ?? 'the block'} do not pass: column ${column} is not in the result (assert ${failing.text}).`;
  const columns = facts.run?.columns ?? [];
  const hint = `The result has ${columns.length > 0 ? columns.join(', ') : 'no columns'}; fix the assertion or the query.`;
  return { ...d, message, hint, ...(assert?.kind === 'assert' ? { span: assert.subjectSpan } : {}) };
}

/** The certification diagnostics with consequences of one cause dropped and each placed where it is fixed. */
export function rootCauses(diagnostics: readonly Diagnostic[], facts: Facts, text: string | undefined): Diagnostic[] {
  const codes = new Set(diagnostics.map((d) => d.code));
  const kept = diagnostics.filter((d) => !((codes.has(ENGINE) && (d.code === RUN || d.code === TESTS)) || (codes.has(RUN) && d.code === TESTS)));
  const block = facts.block;
  const decl = block === undefined || text === undefined ? undefined : declarationOf(block, text);
  if (block === undefined || decl === undefined || text === undefined) return kept;
  return kept.map((d) => {
    if (d.code === ENGINE && facts.validation?.unreachable === true) return unreachable(d, block, facts.validation.error ?? 'no reason given');
    if (d.code === ENGINE && facts.validation?.error !== undefined) return placeEngine(d, block, decl, text, facts.validation.error);
    if (d.code === TESTS) return placeTests(d, facts, decl);
    return d;
  });
}
