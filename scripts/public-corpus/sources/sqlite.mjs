/**
 * SQLite's own tests, test/*.test (Tcl scripts), from sqlite/sqlite or a copy of its source tree
 * (wladmis/sqlite3 packages a release's sqlite-src under sqlite/); driver sqlite. Only the SQL
 * that Tcl hands to SQLite unchanged is taken: the brace-quoted body of `execsql {...}` and the
 * first brace-quoted argument of `do_execsql_test <name> {...}` (options such as `-db db2`
 * skipped). A body whose braces never balance is dropped and counted (`unbalanced braces`);
 * quoted bodies (`execsql "..."`, `execsql $sql`), which Tcl substitutes, are not read, nor
 * `catchsql` / `do_catchsql_test` (statements expected to fail) or lines commented out with `#`.
 * `$name` / `:name` / `@name` in a body are SQLite parameters that Tcl binds, kept as written.
 * Functions the file registers from Tcl (`db func name ...`, `db2 function -deterministic name`)
 * are the file's own, like a CREATE FUNCTION: reads calling them are labelled read-udf.
 */
import Database from 'better-sqlite3';
import { hasPath, listFiles, readFiles } from '../git.mjs';
import { lineOf, lineStarts } from '../split.mjs';

/** The test folder of a SQLite source tree, or undefined. */
function testRoot(gitDir) {
  return ['test', 'sqlite/test'].find((root) => hasPath(gitDir, `${root}/tester.tcl`));
}

export function isSqlite(gitDir) {
  return testRoot(gitDir) !== undefined;
}

/** The offset just past the `}` closing the brace at `open` (Tcl: backslash escapes a brace), or -1. */
export function closingBrace(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

const CALL = /\b(?:do_execsql_test(?:\s+-\w+\s+\S+)*\s+[^\s{}[\]]+|execsql)\s+\{/g;

/** Bodies `{ line, text }` of a test file's execsql calls, and how many never close. */
export function execsqlBodies(text) {
  const starts = lineStarts(text);
  const bodies = [];
  let unbalanced = 0;
  const call = new RegExp(CALL);
  for (let m = call.exec(text); m !== null; m = call.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (text.slice(lineStart, m.index).trimStart().startsWith('#')) continue;
    const open = m.index + m[0].length - 1;
    const close = closingBrace(text, open);
    if (close < 0) {
      unbalanced++;
      continue;
    }
    if (text.slice(open + 1, close - 1).trim() !== '') bodies.push({ line: lineOf(starts, open), text: text.slice(open + 1, close - 1) });
    call.lastIndex = close;
  }
  return { bodies, unbalanced };
}

/** Names of the functions a test file registers from Tcl (`db func name`, `sqlite3 function name`), lower case. */
export function tclFunctions(text) {
  const re = /^[ \t]*\[?[ \t]*(?:db\d*|sqlite3?)[ \t]+func(?:tion)?[ \t]+(?:-\w+[ \t]+(?:\S+[ \t]+)?)*([A-Za-z_]\w*)/gm;
  return [...text.matchAll(re)].map((m) => m[1].toLowerCase());
}

/**
 * Names registered from C, lower case: `sqlite3_create_function*` / `sqlite3_create_module*`
 * (`db, "name"`), and the rows of a registration table (`{ "name", nArg, ...`).
 */
export function cFunctions(text) {
  const call = /\bsqlite3_create_(?:function|module|window_function)(?:16|_v2)?\s*\(\s*[\w>.-]+\s*,\s*"([A-Za-z_]\w*)"/g;
  const row = /\{\s*"([A-Za-z_]\w*)"\s*,\s*-?\d+\s*,/g;
  return [...text.matchAll(call), ...text.matchAll(row)].map((m) => m[1].toLowerCase());
}

/**
 * Functions and virtual tables the test harness (src/test*.c, the Tcl test extensions) and the
 * loadable extensions the tests load (ext/misc/*.c: decimal, ieee754, regexp, totype, spellfix,
 * series, ...) register, less what SQLite as svc runs it has itself (its pragma_function_list
 * and pragma_module_list): a statement calling one runs only where that C code is loaded, like
 * a CREATE FUNCTION of the test's own. Only reads are relabelled: a harness function that reads
 * files or runs text stays labelled by what it does.
 */
function harnessFunctions(gitDir, root) {
  const src = root.replace(/test$/, '');
  const paths = [...listFiles(gitDir, `${src}src`), ...listFiles(gitDir, `${src}ext/misc`), ...listFiles(gitDir, root)].filter((p) =>
    /(?:\/src\/test[^/]*|\/ext\/misc\/[^/]*|\/test\/[^/]*)\.c$|^(?:src\/test[^/]*|ext\/misc\/[^/]*|test\/[^/]*)\.c$/.test(p),
  );
  const texts = readFiles(gitDir, paths);
  const engine = engineFunctions();
  return [...new Set(paths.flatMap((path) => cFunctions(texts.get(path) ?? '')))].filter((name) => !engine.has(name));
}

/** The functions and modules of SQLite as svc runs it (better-sqlite3's build): not the harness's. */
function engineFunctions() {
  const db = new Database(':memory:');
  try {
    const rows = db.prepare('SELECT name FROM pragma_function_list UNION SELECT name FROM pragma_module_list').all();
    return new Set(rows.map((r) => String(r.name).toLowerCase()));
  } finally {
    db.close();
  }
}

/** Chunks `{ driver, dialect, path, line, text, defines }`, and a `whole` drop for each unbalanced body. */
export function sqliteChunks(gitDir) {
  const root = testRoot(gitDir);
  const paths = listFiles(gitDir, root).filter((p) => p.endsWith('.test'));
  const texts = readFiles(gitDir, paths);
  const harness = harnessFunctions(gitDir, root);
  return paths.flatMap((path) => {
    const text = texts.get(path) ?? '';
    const { bodies, unbalanced } = execsqlBodies(text);
    const defines = [...tclFunctions(text), ...harness];
    const chunks = bodies.map((b) => ({ driver: 'sqlite', dialect: 'sqlite', path, line: b.line, text: b.text, defines }));
    return [...chunks, ...Array.from({ length: unbalanced }, () => ({ path, whole: 'unbalanced braces' }))];
  });
}
