/**
 * The statement check: public entry and its types.
 */

export type { StatementAllowance } from './check-allow-list.js';
export { STATEMENT_CODES, type StatementErrorCode, type StatementReason } from './codes.js';
export { type EngineFamilies, FAMILIES } from './families/index.js';
export { hostedStatementRefusal, type StatementCheckOptions } from './hosted-statement-refusal.js';
export { type FamilyReason, REFUSAL_MESSAGES, type ReadOnlyReason, type RefusalReason, refusal, type StatementRefusal } from './refusal.js';
