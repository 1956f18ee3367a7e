/**
 * The statement check: public entry and its types.
 */
export { hostedStatementRefusal, type StatementCheckOptions } from './hosted-statement-refusal.js';
export type { StatementAllowance } from './check-allow-list.js';
export { REFUSAL_MESSAGES, refusal, type FamilyReason, type ReadOnlyReason, type RefusalReason, type StatementRefusal } from './refusal.js';
export { STATEMENT_CODES, type StatementErrorCode, type StatementReason } from './codes.js';
export { FAMILIES, type EngineFamilies } from './families/index.js';
