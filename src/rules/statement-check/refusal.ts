/**
 * What the statement check answers: null, or a refusal with a stable reason code and a plain
 * sentence. The sentence never names anything from the statement (a table, a path, a value)
 * except, for the allow-list reasons, the one function or relation name the allow list does
 * not cover (`name`): that is a name of the engine's or of the statement's own words, never
 * data, and the person or model needs it to ask again or the project to allow it.
 */
import { type RefusalReason, STATEMENT_CODES, type StatementErrorCode } from './codes.js';

export type { FamilyReason, ReadOnlyReason, RefusalReason } from './codes.js';

export interface StatementRefusal {
  readonly code: Extract<StatementErrorCode, 'ROW_POLICY_REFUSED'>;
  readonly reason: RefusalReason;
  readonly message: string;
  /** The name the allow list does not cover (allow-list reasons only), lower case. */
  readonly name?: string;
}

/** Longest name a refusal repeats; a longer one is cut (names are the statement's words, never data). */
const NAME_LIMIT = 128;

/** The refusal for `reason`: its sentence is the reason's meaning in the statement table, then the name. */
export function refusal(reason: RefusalReason, name?: string): StatementRefusal {
  const meaning = STATEMENT_CODES[reason].meaning;
  if (name === undefined) return { code: 'ROW_POLICY_REFUSED', reason, message: meaning };
  const shown = name.length > NAME_LIMIT ? `${name.slice(0, NAME_LIMIT)}...` : name;
  return { code: 'ROW_POLICY_REFUSED', reason, message: `${meaning} Name: ${shown}.`, name: shown };
}

const CHECK_KINDS: ReadonlySet<string> = new Set(['family', 'read-only', 'check']);

/** Every reason of the statement check with its sentence, for documentation and tests. */
export const REFUSAL_MESSAGES = Object.fromEntries(
  Object.entries(STATEMENT_CODES).flatMap(([reason, entry]) => (CHECK_KINDS.has(entry.kind) ? [[reason, entry.meaning]] : [])),
) as Readonly<Record<RefusalReason, string>>;
