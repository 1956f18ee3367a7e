/**
 * Shape of an engine's family table. Everything the check knows about an engine is data of
 * this shape, so a reviewer reads one file per engine instead of conditionals.
 *
 * Names are lower case. Statement keys are phrases of words (`alter system`); optional words
 * such as OR REPLACE, TEMPORARY or IF NOT EXISTS are skipped when a statement is matched.
 * Function keys and name patterns may end a segment with `*` (`read_*`) or hold one anywhere
 * in a segment (`*_privileges`); name patterns have dotted segments (`performance_schema.*`).
 */
import type { FamilyReason } from '../refusal.js';

export interface EngineFamilies {
  /** Statements refused wherever a statement begins. */
  readonly statements: Readonly<Record<string, FamilyReason>>;
  /** Functions refused when called, matched on the last part of their name. */
  readonly functions: Readonly<Record<string, FamilyReason>>;
  /** Names a `functions` pattern catches that the engine documents as pure (Snowflake's SYSTEM$TYPEOF). */
  readonly functionsExcept?: readonly string[];
  /** File readers let through when every path argument is a plain path in an allowed folder. */
  readonly fileReaders?: readonly string[];
  /** Functions that read a table named by their first argument when it is text. */
  readonly nameAsTextFunctions?: readonly string[];
  /** Keyword phrases refused wherever they appear. */
  readonly phrases?: Readonly<Record<string, FamilyReason>>;
  /** Text refused wherever it appears, strings included (pre-lexing substitution). */
  readonly rawText?: Readonly<Record<string, FamilyReason>>;
  /** What a relation in a FROM or JOIN position may not be. */
  readonly tablePositions?: {
    /** A string or a path-like quoted name is read as a file (DuckDB replacement scans). */
    readonly pathsAreFiles?: boolean;
    /** `format.\`path\`` reads files at a path (Spark). */
    readonly pathTableFormats?: readonly string[];
  };
  /** `@name` and `@` refer to stages (Snowflake). */
  readonly atIsStage?: boolean;
  /** `$name` reads a session variable (Snowflake). */
  readonly dollarNameIsSession?: boolean;
  /**
   * `USING 'command'` runs a program on the cluster for each row (Spark's script transform:
   * `SELECT TRANSFORM(a) USING 'cat'`, `MAP a USING ...`, `REDUCE a USING ...`).
   */
  readonly usingRunsScript?: boolean;
  /**
   * Statements may begin anywhere, without a separator (T-SQL): these reserved words are
   * checked as statement beginnings wherever they stand (families), and refused in read-only
   * statements.
   */
  readonly statementsAnywhere?: readonly string[];
  /**
   * Scripting words after which a statement begins (BigQuery and Snowflake scripting: IF ...
   * THEN, WHILE ... DO, BEGIN ... END); THEN and ELSE inside a CASE expression do not count.
   */
  readonly scriptHeads?: readonly string[];
  /**
   * Table engines that reach outside the warehouse or run code, refused after `ENGINE =`
   * (ClickHouse's Kafka, URL, S3, ...; MySQL's FEDERATED and CONNECT).
   */
  readonly externalEngines?: readonly string[];
  /** A statement may be a procedure called by its bare name (T-SQL batches). */
  readonly bareCallsAtStart?: boolean;
  /** Read statements beyond the shared ones (DuckDB's FROM-first). */
  readonly readHeads?: readonly string[];
  /** Read only: the warehouse's record of sessions, queries, users and settings. */
  readonly systemCatalog: readonly string[];
  /** Read only: names inside `systemCatalog` patterns that are plain catalog, not that record. */
  readonly systemCatalogExcept?: readonly string[];
  /** Read only: what SHOW may show (phrases; `*` for anything). */
  readonly show: readonly string[];
  /** Read only: DESCRIBE targets that are the record of users or settings (phrases). */
  readonly describeRefused?: readonly string[];
  /** Read only: functions that change state. */
  readonly effectFunctions: readonly string[];
  /** Read only: phrases that change state without a call (`next value for`, `nextval`). */
  readonly effectPhrases?: readonly string[];
  /** Read only: phrases that lock rows beyond the shared FOR UPDATE family. */
  readonly lockPhrases?: readonly string[];
  /** Read only: the system variables (`@@name`) that name who the connection is; any other is refused. */
  readonly identityVariables?: readonly string[];
  /** Read only: `@name :=` assigns a session variable (MySQL). */
  readonly assignsVariables?: boolean;
  /** Read only: `SELECT @name = expr` assigns a local variable (T-SQL). */
  readonly selectAssignsVariables?: boolean;
}

/** Joins tables; later entries win on the same key, lists concatenate. */
export function mergeFamilies(base: EngineFamilies, delta: Partial<EngineFamilies>): EngineFamilies {
  const list = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined): T[] => [...(a ?? []), ...(b ?? [])];
  return {
    ...base,
    ...delta,
    statements: { ...base.statements, ...delta.statements },
    functions: { ...base.functions, ...delta.functions },
    phrases: { ...base.phrases, ...delta.phrases },
    rawText: { ...base.rawText, ...delta.rawText },
    functionsExcept: list(base.functionsExcept, delta.functionsExcept),
    fileReaders: list(base.fileReaders, delta.fileReaders),
    nameAsTextFunctions: list(base.nameAsTextFunctions, delta.nameAsTextFunctions),
    readHeads: list(base.readHeads, delta.readHeads),
    statementsAnywhere: list(base.statementsAnywhere, delta.statementsAnywhere),
    scriptHeads: list(base.scriptHeads, delta.scriptHeads),
    externalEngines: list(base.externalEngines, delta.externalEngines),
    systemCatalog: list(base.systemCatalog, delta.systemCatalog),
    systemCatalogExcept: list(base.systemCatalogExcept, delta.systemCatalogExcept),
    show: delta.show ?? base.show,
    describeRefused: list(base.describeRefused, delta.describeRefused),
    effectFunctions: list(base.effectFunctions, delta.effectFunctions),
    identityVariables: list(base.identityVariables, delta.identityVariables),
    effectPhrases: list(base.effectPhrases, delta.effectPhrases),
    lockPhrases: list(base.lockPhrases, delta.lockPhrases),
  };
}
