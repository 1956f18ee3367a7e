/**
 * `hostedStatementRefusal(sql, driver, allowedDirectories, { readOnly })`: the statement check
 * every hosted statement passes before the row policy is asked. Null lets the statement
 * through; anything else is a refusal to answer with `ROW_POLICY_REFUSED`. It fails closed: an
 * unknown engine, a statement the reader cannot decide, or any failure of the check itself is
 * a refusal.
 */
import {
  type Driver,
  isDriver,
  isNameToken,
  lexStatement,
  type Relations,
  readRelations,
  type SqlToken,
  UnreadableStatement,
} from '../../../grammar/sql/index.js';
import { mayBeSystemPart } from './allow/system-relations.js';
import { allowListReason, allowOf, type CompiledAllow, namesStage, type StatementAllowance } from './check-allow-list.js';
import { familyReason, rawTextReason } from './check-families.js';
import { readOnlyReason } from './check-read-only.js';
import { resourceReason } from './check-resources.js';
import { type CompiledFamilies, familiesOf } from './compiled-families.js';
import { type InlineFunctions, readInlineFunctions } from './inline-functions.js';
import { refusal, type StatementRefusal } from './refusal.js';
import { type StatementSpan, splitStatements } from './statement-heads.js';
import { tokenFacts, type WordFacts } from './word-facts.js';
import { lookupWord } from './word-lookup.js';

export interface StatementCheckOptions {
  /** The statement was written by a person or a model and must only read. */
  readonly readOnly?: boolean;
  /**
   * The connection's additions to its engine's allow list (`statementCheck.allow` of the
   * connection in svc.config.json): user-defined functions, table functions and system relations
   * a read may name. Nothing else widens the list.
   */
  readonly allow?: StatementAllowance;
  /**
   * The database the connection reads, where a three-part name may reach another database of the
   * same account (Snowflake, Redshift, SQL Server, Fabric): a name whose database part is another
   * is refused (`external-query`). Without it, names are read as the engine resolves them.
   */
  readonly database?: string;
}

/** Engines where `database.schema.table` reads another database of the account the connection signs in to. */
const DATABASE_PARTS: ReadonlySet<string> = new Set(['snowflake', 'redshift', 'mssql', 'fabric']);

/**
 * A three-part name whose database is not the connection's, or null. Where the host names no
 * database, a statement naming two databases reads at least one that is not the connection's
 * (`dev.public.users JOIN proddb.public.salaries`), so the second one is refused.
 */
function otherDatabase(driver: string, tokens: readonly SqlToken[], relations: () => Relations, database: string | undefined): string | null {
  if (!DATABASE_PARTS.has(driver)) return null;
  // Two dots for one three-part name against a known database, four for two of them.
  const dots = tokens.reduce((n, t) => (t.kind === 'punctuation' && t.value === '.' ? n + 1 : n), 0);
  if (dots < (database === undefined ? 4 : 2)) return null;
  const own = database?.toLowerCase();
  const seen = new Set<string>();
  for (const ref of relations().refs) {
    if (ref.kind !== 'name' || ref.parts.length !== 3) continue;
    const first = (ref.parts[0] ?? '').toLowerCase();
    if (first === '') continue;
    seen.add(first);
    if (own !== undefined ? first !== own : seen.size > 1) return ref.parts.join('.');
  }
  return null;
}

const ALLOW_KEYS = new Set(['functions', 'tableFunctions', 'relations']);

function validAllowance(allow: unknown): boolean {
  if (allow === undefined) return true;
  if (allow === null || typeof allow !== 'object' || Array.isArray(allow)) return false;
  return Object.entries(allow).every(([key, names]) => ALLOW_KEYS.has(key) && Array.isArray(names) && names.every((n) => typeof n === 'string' && n !== ''));
}

function validOptions(allowedDirectories: unknown, opts: unknown): boolean {
  if (!Array.isArray(allowedDirectories)) return false;
  if (opts === null || typeof opts !== 'object') return false;
  const { readOnly, allow, database } = opts as { readOnly?: unknown; allow?: unknown; database?: unknown };
  const databaseOk = database === undefined || (typeof database === 'string' && database !== '');
  return (readOnly === undefined || typeof readOnly === 'boolean') && validAllowance(allow) && databaseOk;
}

/** The statements from `query` on: the routines before it are no statements of their own. */
function queryAfter(spans: readonly StatementSpan[], query: number): StatementSpan[] {
  return spans.filter((s) => s.to > query).map((s) => ({ from: Math.max(s.from, query), to: s.to }));
}

interface ReadOnlyInput {
  readonly driver: Driver;
  readonly tokens: readonly SqlToken[];
  readonly spans: readonly StatementSpan[];
  readonly relations: Relations | null;
  readonly families: CompiledFamilies;
  readonly facts: readonly (WordFacts | undefined)[];
  readonly allow: StatementAllowance | undefined;
  readonly inline: InlineFunctions | null;
  readonly database: string | undefined;
}

const NO_RELATIONS: Relations = { refs: [], cteNames: new Set() };

/** Whether the string at `i` may be a Snowflake stage in a table position (after FROM or JOIN; after a comma, one that looks like a stage). */
function textInRelationPlace(tokens: readonly SqlToken[], i: number): boolean {
  const v = tokens[i - 1]?.value;
  if (v === 'from' || v === 'join') return true;
  return v === ',' && namesStage((tokens[i] as SqlToken).value);
}

/** Whether any name of the statement could make a relation the engine's own (its words' facts say). */
function maySystem(tokens: readonly SqlToken[], facts: readonly (WordFacts | undefined)[], gate: CompiledAllow): boolean {
  const otherServer = gate.system.otherServerParts ?? Number.POSITIVE_INFINITY;
  let dots = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (facts[i]?.system === true) return true;
    const t = tokens[i] as SqlToken;
    if (t.kind === 'string' && gate.driver === 'snowflake' && textInRelationPlace(tokens, i)) return true;
    // T-SQL four-part names reach a linked server: `a.b.c.d` has three dots in one name.
    if (t.kind === 'punctuation' && t.value === '.') {
      if (++dots >= otherServer - 1) return true;
    } else if (!isNameToken(t)) dots = 0;
    // A quoted name (`region-us.INFORMATION_SCHEMA.JOBS`, `"orders$files"`): its facts see only its start.
    else if (t.kind !== 'word' && mayBeSystemPart(gate.system, t.value.toLowerCase())) return true;
  }
  return false;
}

/** The read-only layers: one read, its deny families, then the default-deny gate. */
function readOnlyRefusal(input: ReadOnlyInput): StatementRefusal | null {
  const { driver, tokens, families, inline } = input;
  const reason = readOnlyReason(tokens, input.spans, families, input.facts) ?? resourceReason(tokens, driver);
  if (reason !== null) return refusal(reason);
  const elsewhere = otherDatabase(driver, tokens, () => input.relations ?? readRelations(tokens), input.database);
  if (elsewhere !== null) return refusal('external-query', elsewhere);
  // Default deny: every name the statement uses must be on the engine's allow list (or the
  // project's additions, or a routine the statement itself defines).
  const readers = families.fileReaders;
  const allow = inline === null ? input.allow : { ...input.allow, functions: [...(input.allow?.functions ?? []), ...inline.names] };
  const gate = allowOf(driver);
  const fileReader = (name: string) => lookupWord(readers, name) !== undefined;
  // The relation reader costs a pass; a statement none of whose names could be a system relation
  // needs it only to tell table functions and aliases' column lists (`FROM t x(a, b)`) from
  // calls, so it is read only when a call would otherwise be refused.
  const skipped = input.relations === null && !maySystem(tokens, input.facts, gate);
  let denied = allowListReason(tokens, skipped ? NO_RELATIONS : (input.relations ?? readRelations(tokens)), gate, allow, fileReader);
  if (denied !== null && skipped) denied = allowListReason(tokens, readRelations(tokens), gate, allow, fileReader);
  return denied === null ? null : refusal(denied.reason, denied.name);
}

/** Null when `sql` may run on `driver`'s hosted connection, else the refusal. */
export function hostedStatementRefusal(
  sql: string,
  driver: string,
  allowedDirectories: readonly string[] = [],
  opts: StatementCheckOptions = {},
): StatementRefusal | null {
  if (!isDriver(driver)) return refusal('unknown-driver');
  // Options come from hosts' own code: a value that is not exactly what it must be is a usage
  // error, never read as the looser setting ('true' or 1 must not mean "may write").
  if (!validOptions(allowedDirectories, opts)) return refusal('invalid-option');
  try {
    const families = familiesOf(driver);
    const raw = rawTextReason(sql, families);
    if (raw !== null) return refusal(raw);
    let tokens: SqlToken[];
    try {
      tokens = lexStatement(sql, driver);
    } catch (error) {
      if (error instanceof UnreadableStatement) return refusal('unreadable');
      throw error;
    }
    // Trino's inline routines: their bodies are not statements of their own (see inline-functions.ts).
    const inline = driver === 'trino' || driver === 'athena' ? readInlineFunctions(tokens) : null;
    if (inline === false) return refusal('inline-function');
    const spans = inline === null ? splitStatements(tokens, driver === 'snowflake') : queryAfter(splitStatements(tokens), inline.query);
    const positions = families.source.tablePositions;
    const relations = positions === undefined ? null : readRelations(tokens);
    const facts = tokenFacts(families, tokens);
    // An entry that is not a string names no folder: it allows nothing and takes nothing away.
    const folders = allowedDirectories.every((f) => typeof f === 'string')
      ? allowedDirectories
      : allowedDirectories.filter((f): f is string => typeof f === 'string');
    const family = familyReason({ sql, tokens, spans, relations, families, folders, facts });
    if (family !== null) return refusal(family);
    return opts.readOnly === true
      ? readOnlyRefusal({ driver, tokens, spans, relations, families, facts, allow: opts.allow, inline, database: opts.database })
      : null;
  } catch {
    // A failure of the check is never a pass.
    return refusal('unreadable');
  }
}
