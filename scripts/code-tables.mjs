// The list of code tables, one per layer, lowest first: test/meta/codes.test.ts checks them
// (each code declared once, a code shared by reference re-used only above its declaration,
// emitted in the source and asserted by a test) and gen-diagnostics-doc.mjs writes one section
// of docs/diagnostics.md per table. `load(file)` returns the module of a table's source file
// (the TypeScript file under vitest, its build in dist/ for the generator).

/** `field`: the entry field besides meaning and hint that the documentation shows as a column. */
export const CODE_TABLES = [
  {
    id: 'diagnostics',
    title: 'Diagnostic codes',
    file: 'grammar/codes.ts',
    name: 'CODES',
    about: 'Findings of the compiler, the command line and its files, `area/kebab-name`; policy rules carry their own ids (below).',
  },
  {
    id: 'statement',
    title: 'Statement codes and refusal reasons',
    file: 'src/rules/statement-check/codes.ts',
    name: 'STATEMENT_CODES',
    field: 'kind',
    about:
      "A statement that produced no result (`kind` error: `StatementError.code`), and the reasons a ROW_POLICY_REFUSED carries in `reason` (`checkReason` on an Ask run): the statement check's (family, read-only, check), the host row policy's and the catalog reader's. A statement-check reason's meaning is the sentence the refusal says.",
  },
  {
    id: 'ask',
    title: 'Ask refusal codes',
    file: 'src/rules/ask-refusal-codes.ts',
    name: 'ASK_REFUSAL_CODES',
    field: 'source',
    about:
      "Every code an Ask run's `refusal.code` carries: the Tier-1 router's (also its candidates' reason codes), the cascade's, and binding a block's parameters.",
  },
  {
    id: 'hooks',
    title: 'Host hook codes',
    file: 'src/hooks/codes.ts',
    name: 'HOOK_CODES',
    about: 'What becomes of a host hook that refuses, fails (throws, answers late or in the wrong shape) or is missing; a failure is never an allowance.',
  },
  {
    id: 'traces',
    title: 'Trace codes',
    file: 'src/traces/codes.ts',
    name: 'TRACE_CODES',
    field: 'status',
    about: 'Errors of the local trace store and endpoints, with their HTTP status, and the codes a trace or the recorder’s failure log carries.',
  },
  {
    id: 'runtime',
    title: 'Runtime codes',
    file: 'src/runtime/codes.ts',
    name: 'RUNTIME_CODES',
    field: 'kind',
    about: "Model provider failures, draft capture, agent tools' own refusals and live answer tiles.",
  },
  {
    id: 'server',
    title: 'HTTP API codes',
    file: 'src/server/codes.ts',
    name: 'API_ERROR_CODES',
    field: 'status',
    about:
      'Every error body `{ error: { code, message } }` the HTTP API answers with, with its status; `start`: the server does not start; `health`: what `/api/health` says of a connection.',
  },
];

/** Each table of CODE_TABLES with its record, read through `load(file)`. */
export async function loadCodeTables(load) {
  return Promise.all(CODE_TABLES.map(async (spec) => ({ ...spec, table: (await load(spec.file))[spec.name] })));
}
