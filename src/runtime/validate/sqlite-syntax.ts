/**
 * SQLite's own reading of a statement the statement check refused (a block query that does not
 * even start as a read, such as `SELEC ...`): prepared on an empty in-memory database, never on
 * the warehouse, so the engine names the syntax error ("near "SELEC": syntax error") while the
 * statement still never reaches data. Preparing runs nothing: SQLite executes only on step.
 */
import Database from 'better-sqlite3';

/** The engine's syntax error, or undefined when the statement parses (unknown tables aside). */
export function sqliteSyntaxError(sql: string): string | undefined {
  const db = new Database(':memory:');
  try {
    db.prepare(sql);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // An empty database knows no table or column: only syntax is this reading's to report.
    return /^no such (table|column|function)/.test(message) ? undefined : message;
  } finally {
    db.close();
  }
}
