/**
 * What a read may use on one SQL dialect, by name: the default-deny half of the statement check.
 * A name not listed is refused, however harmless it may be, until the engine's own catalog or its
 * vendor's reference shows it is (then it is added here) or a project allows it in
 * `svc.config.json` (`statementCheck.allow`).
 *
 * Names are lower case and unqualified (the last part of a qualified name); relations are
 * `schema.name` (or `name` for an engine's unqualified system tables). Lists are sorted.
 */
export interface AllowList {
  /** Scalar, aggregate and window functions a read may call in an expression. */
  readonly functions: readonly string[];
  /** Table functions a read may call where a table stands (FROM, JOIN). */
  readonly tableFunctions: readonly string[];
  /**
   * System relations a read may name: the engine's catalog of the asker's own tables and
   * columns. A relation outside the engine's system schemas (the project's own tables) is never
   * listed and never refused by name.
   */
  readonly relations: readonly string[];
}
