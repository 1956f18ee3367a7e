/**
 * The Ask layer's one code table: every code that reaches an Ask run's `refusal.code`, from the
 * Tier-1 router (`source: 'router'`, also the reason codes of its candidates), from the cascade
 * around it (`cascade`) and from binding a certified block's parameters (`block-run`). It lives
 * in the rules wing so that both src/ask (which may import only grammar, compiler and rules)
 * and src/runtime read it. A statement that produced no result refuses with the statement
 * table's code, re-used here by reference. Never renamed: traces, the CLI, HTTP bodies and
 * agent tools key on these codes.
 */
import { type CodeMeaning, type CodesWhere, reuse } from './code-table.js';
import { STATEMENT_CODES } from './statement-check/codes.js';

type Source = 'router' | 'cascade' | 'block-run';

const code = <const S extends Source>(source: S, meaning: string, hint: string) => ({ source, meaning, hint });
const statement = (entry: CodeMeaning) => reuse(entry, { source: 'cascade' });

const REPLACED = 'Ask again with the certified block that replaces it, or ask its owner which one does.';

export const ASK_REFUSAL_CODES = {
  BLOCK_AMBIGUOUS: code('router', 'The question names a block by a name several domains use.', 'Name it with its domain: <domain>.<name>.'),
  BLOCK_CANNOT_ANSWER: code(
    'router',
    'The named block cannot satisfy the question (a filter, period or limit it does not take).',
    'Ask within what the block accepts (the refusal lists its parameters), or ask without naming it.',
  ),
  BLOCK_DEPRECATED: code('router', 'The block is deprecated: still in the project, no longer served.', REPLACED),
  BLOCK_DRAFT: code(
    'router',
    'The block is a draft: review required, not certified, so Ask does not serve it.',
    'Review it, then promote it: svc certify --from-draft <path>.',
  ),
  BLOCK_HAS_ERRORS: code(
    'router',
    'The block is marked certified, but its declaration has compile errors.',
    'Fix what svc compile reports, then certify it again.',
  ),
  BLOCK_NOT_CERTIFIED: code(
    'router',
    'The block is in review, pending recertification or in an unknown status, so it does not answer as certified.',
    'Finish the review, then certify it: svc certify <file>.',
  ),
  BLOCK_NOT_FOUND: code(
    'router',
    'The question or request names a block id or identifier that the manifest does not hold.',
    'Check the id (<domain>.<name>); svc compile lists the blocks.',
  ),
  BLOCK_PENDING_RECERTIFICATION: code(
    'router',
    'The block is marked certified, but has no certification receipt for its current source.',
    'Review the change, then certify it again: svc certify <file>.',
  ),
  BLOCK_RETIRED: code('router', 'The block is retired.', REPLACED),
  BLOCK_UNTESTED: code('router', 'The block is marked certified, but it declares no tests.', 'Add tests, then certify it again: svc certify <file>.'),
  CONNECTION_UNAVAILABLE: statement(STATEMENT_CODES.CONNECTION_UNAVAILABLE),
  CONTRACT_UNRESOLVED: code(
    'router',
    'The block is certified, but its contract is not in the loaded contract manifest.',
    'Add the contract to the contract manifest (svc certify prints the patch) or correct svc_contract.',
  ),
  CREDENTIALS_REQUIRED: statement(STATEMENT_CODES.CREDENTIALS_REQUIRED),
  MODEL_NO_SQL: code(
    'cascade',
    'Nothing certified answers, and the model replied in words without SQL (not a read-only refusal: there was nothing to check).',
    'Rephrase the question, or name a block.',
  ),
  MODEL_UNAVAILABLE: code(
    'cascade',
    'Nothing certified answers, and the model could not be reached, timed out or answered something unreadable.',
    'Check ask.provider and that the model is running (the reason names the model code), then ask again.',
  ),
  NO_CERTIFIED_ANSWER: code(
    'cascade',
    "Nothing certified answers, and the model (or an empty proposal) says the project's data cannot either.",
    'Ask about data the project holds, or ask the owners for a block that answers it.',
  ),
  NO_MATCH: code('router', 'Nothing certified matches the question well enough; Tier 2 may run.', 'Rephrase with the words of a block, or name one.'),
  NO_MODEL_CONFIGURED: code(
    'cascade',
    'Nothing certified answers, and no model provider is configured (a normal state).',
    'Ask with the words of a certified block, or configure ask.provider in svc.config.json for review-required answers.',
  ),
  PARAM_INVALID: code(
    'block-run',
    "A value given for a block's parameter is not of the parameter's type.",
    'Give the value in the type the block declares (the message names it).',
  ),
  PARAM_REQUIRED: code('block-run', 'The block needs a value for a parameter that has no default.', 'Give a value for the parameter the message names.'),
  PARAM_UNKNOWN: code(
    'block-run',
    'A value was given for a parameter the block does not declare.',
    "Use the block's declared parameters (svc compile, or the block's page, lists them).",
  ),
  QUESTION_EMPTY: code('cascade', 'The question is empty.', 'Ask a question.'),
  RESULT_TOO_LARGE: statement(STATEMENT_CODES.RESULT_TOO_LARGE),
  REVIEW_REQUIRED: code(
    'router',
    'The block is certified, but its tags or description still say review required.',
    'Review it, edit its description so it no longer says review required (svc certify refuses until then), then certify it again, which drops the review-required tag.',
  ),
  ROW_POLICY_REFUSED: statement(STATEMENT_CODES.ROW_POLICY_REFUSED),
  SENSITIVE_QUESTION: code(
    'cascade',
    "The question asks about individuals' pay, health, contact details or protected attributes, or a regulated identifier.",
    'Ask for an aggregate (a count, an average by group) instead of one person.',
  ),
  STATEMENT_CANCELLED: statement(STATEMENT_CODES.STATEMENT_CANCELLED),
  STATEMENT_TIMEOUT: statement(STATEMENT_CODES.STATEMENT_TIMEOUT),
  TERM_NOT_CERTIFIED: code(
    'cascade',
    'A definition question names a business term the answer gate does not let answer as certified.',
    'Review the term, then certify it: svc certify --term <domain.name>.',
  ),
  THREAD_NOT_FOUND: code(
    'cascade',
    "The request continues a conversation that does not exist or is not the asker's.",
    'Ask again without the thread to start a new conversation.',
  ),
  VALUE_NOT_ACCEPTED: code(
    'router',
    'The block that answers does not accept a value asked (a top-N out of range, a filter value its data does not hold).',
    'Ask with a value the block accepts (the refusal names them).',
  ),
  VIEW_NOT_CERTIFIED: code(
    'cascade',
    'A context question ("what is in the revenue reporting view?") names a business view the answer gate does not let answer as certified.',
    'Review the view, then certify it: svc certify --view <domain.name>.',
  ),
  WAREHOUSE_ERROR: statement(STATEMENT_CODES.WAREHOUSE_ERROR),
} as const satisfies Record<string, CodeMeaning & { source: Source }>;

type Table = typeof ASK_REFUSAL_CODES;

/** Every code an Ask run's refusal carries. */
export type AskRefusalCode = keyof Table;
/** The Tier-1 router's reason codes (a refusal's, and each candidate's). */
export type Tier1ReasonCode = CodesWhere<Table, { source: 'router' }>;
/** The codes of binding a certified block's parameters (PARAM_*). */
export type ParamErrorCode = CodesWhere<Table, { source: 'block-run' }>;

/** The router's reason codes, in table order. */
export const TIER1_REASON_CODES = Object.keys(ASK_REFUSAL_CODES).filter(
  (c): c is Tier1ReasonCode => (ASK_REFUSAL_CODES as Record<string, { source: string }>)[c]?.source === 'router',
);
