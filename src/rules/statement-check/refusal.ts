/**
 * What the statement check answers: null, or a refusal with a stable reason code and a plain
 * sentence. The sentence never names anything from the statement (a table, a path, a value):
 * refusals reach people and models, and the statement may hold what neither should read.
 */
import { STATEMENT_CODES, type RefusalReason, type StatementErrorCode } from './codes.js';

export type { FamilyReason, ReadOnlyReason, RefusalReason } from './codes.js';

export interface StatementRefusal {
  readonly code: Extract<StatementErrorCode, 'ROW_POLICY_REFUSED'>;
  readonly reason: RefusalReason;
  readonly message: string;
}

/** The refusal for `reason`: its sentence is the reason's meaning in the statement table. */
export function refusal(reason: RefusalReason): StatementRefusal {
  return { code: 'ROW_POLICY_REFUSED', reason, message: STATEMENT_CODES[reason].meaning };
}

const CHECK_KINDS: ReadonlySet<string> = new Set(['family', 'read-only', 'check']);

/** Every reason of the statement check with its sentence, for documentation and tests. */
export const REFUSAL_MESSAGES = Object.fromEntries(
  Object.entries(STATEMENT_CODES).flatMap(([reason, entry]) => (CHECK_KINDS.has(entry.kind) ? [[reason, entry.meaning]] : [])),
) as Readonly<Record<RefusalReason, string>>;
