/**
 * ClickHouse's stateless tests, tests/queries/0_stateless/*.sql (the .sh tests are left out),
 * run by clickhouse-client; driver clickhouse. Read either from ClickHouse/ClickHouse itself or
 * from ClickHouse/clickhouse-node-parser's tests/clickhouse-reference/*.sql, ClickHouse's own
 * copies of those files for its JavaScript parser. The copies are not verbatim: its filter took out
 * the statements that parser does not read (client-side errors, KQL, bare expressions), repeats
 * within a file and blank lines, and sometimes adds a SET the file needs, so a record's line is
 * the copy's; its .expected.* outputs are skipped.
 *
 * A statement the file expects the client to refuse, or the server to refuse as a syntax error
 * (`; -- { clientError ... }`, `; -- { serverError SYNTAX_ERROR }`), is dropped and counted
 * (`expected syntax error`); one expected to fail for another reason (an unknown table, a
 * setting) is still a statement of its kind and kept. Query parameters (`{name:Type}`) are kept.
 */
import { hasPath, listFiles, readFiles } from '../git.mjs';

const UPSTREAM = 'tests/queries/0_stateless';
const COPIES = 'tests/clickhouse-reference';

export function isClickhouse(gitDir) {
  return (hasPath(gitDir, UPSTREAM) && hasPath(gitDir, 'programs/client')) || hasPath(gitDir, COPIES);
}

/** Offsets where a statement ends that the file expects to fail to parse (the end of its text before `;`). */
export function syntaxErrorEnds(text) {
  const ends = new Set();
  const re = /;[ \t]*--[ \t]*\{[ \t]*(clientError|serverError)\b([^}\n]*)\}/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[1] === 'serverError' && !/\b(SYNTAX_ERROR|62)\b/.test(m[2])) continue;
    ends.add(text.slice(0, m.index).trimEnd().length);
  }
  return ends;
}

/** Chunks `{ driver, dialect, path, line, text, reject }`, one per file. */
export function clickhouseChunks(gitDir) {
  const root = hasPath(gitDir, UPSTREAM) ? UPSTREAM : COPIES;
  const paths = listFiles(gitDir, root).filter((p) => p.endsWith('.sql') && !p.includes('.expected.'));
  const texts = readFiles(gitDir, paths);
  return paths.map((path) => {
    const text = texts.get(path) ?? '';
    const ends = syntaxErrorEnds(text);
    const reject = (tokens) => (ends.has(tokens[tokens.length - 1].end) ? 'expected syntax error' : null);
    return { driver: 'clickhouse', dialect: 'clickhouse', path, line: 1, text, reject };
  });
}
