/**
 * MySQL's own tests, mysql-test/t/*.test, as mysqltest runs them (mysql/mysql-server, or an older
 * tree of it such as facebookarchive/mysql-5.1); driver mysql. Only plain SQL statements are
 * taken; each of these is dropped and counted by reason:
 * - `mysqltest command`: a `--command` line (`--error`, `--echo`, `--source`, `--replace_result`,
 *   ...) and a statement whose first word is one of mysqltest's own commands (`let`, `eval`,
 *   `source`, `echo`, `connect`, `connection`, `send`, `reap`, `query_vertical`, ...: they run
 *   SQL with variables substituted, or none at all), with the `perl` / `write_file` text after it;
 * - `mysqltest conditional`: SQL inside `if (...) { }` and `while (...) { }` blocks;
 * - `delimiter`: statements ended by another delimiter than `;` (routine and trigger bodies);
 * - `expected syntax error`: the statement after `--error ER_PARSE_ERROR` (or 1064).
 * - `not UTF-8`: a statement whose bytes are not UTF-8 (tests of latin1, koi8r, ujis, ... text),
 *   which cannot be read back as written.
 * `#` lines are comments. A statement expected to fail for another reason is kept. Loadable
 * functions the file creates (`CREATE [AGGREGATE] FUNCTION name RETURNS ... SONAME`, often
 * through `eval`) are its own: reads calling them are labelled read-udf.
 */
import { hasPath, listFiles, readFiles } from '../git.mjs';

const ROOT = 'mysql-test/t';

export function isMysql(gitDir) {
  return hasPath(gitDir, ROOT) && hasPath(gitDir, 'mysql-test/mysql-test-run.pl');
}

/** mysqltest's commands (its manual, "mysqltest Commands"), when they begin a statement. */
const COMMANDS = new Set(
  (
    'append_file assert cat_file change_user character_set chmod connect connection copy_file copy_files_wildcard dec ' +
    'delimiter die diff_files dirty_close disable_abort_on_error disable_async_client disable_connect_log ' +
    'disable_info disable_metadata disable_ps_protocol disable_query_log disable_reconnect disable_result_log ' +
    'disable_rpl_parse disable_session_track_info disable_testcase disable_warnings disconnect echo ' +
    'enable_abort_on_error enable_async_client enable_connect_log enable_info enable_metadata enable_ps_protocol ' +
    'enable_query_log enable_reconnect enable_result_log enable_rpl_parse enable_session_track_info enable_testcase ' +
    'enable_warnings end_timer error eval exec exec_in_background exit expr file_exists force_cpdir force_rmdir ' +
    'horizontal_results inc let list_files list_files_append_file list_files_write_file lowercase_result mkdir ' +
    'move_file output partially_sorted_result perl ping query query_attributes query_get_value query_horizontal ' +
    'query_vertical real_sleep reap remove_file remove_files_wildcard replace_column replace_numeric_round ' +
    'replace_regex replace_result require reset_connection result_format rmdir save_master_pos send send_eval ' +
    'send_quit send_shutdown shutdown_server skip skip_if_hypergraph sleep sorted_result source start_timer ' +
    'sync_slave_with_master sync_with_master system vertical_results wait_for_slave_to_stop write_file'
  ).split(' '),
);
const HEREDOC = new Set(['perl', 'write_file', 'append_file']);

/** One line's effect on the reader's state `s` (`{ delimiter, depth, error, heredoc }`); a drop reason, or null to read it as SQL. */
function controlLine(line, s) {
  const t = line.trim();
  if (s.heredoc !== null) {
    if (t === s.heredoc) s.heredoc = null;
    return '';
  }
  if (t === '' || t.startsWith('#')) return '';
  if (t.startsWith('--')) {
    const [name, arg = ''] = t.slice(2).trim().split(/\s+/);
    if (name === 'error') s.error = arg;
    if (name === 'delimiter') s.delimiter = arg;
    if (HEREDOC.has(name)) s.heredoc = /^\S+\s+\S+\s+(\S+)/.exec(t.slice(2).trim())?.[1] ?? 'EOF';
    return 'mysqltest command';
  }
  if (/^(if|while)\s*\(/i.test(t) || /^\}?\s*(else\b.*)?\{?$/i.test(t)) {
    s.depth = Math.max(0, s.depth + (t.match(/\{/g)?.length ?? 0) - (t.match(/\}/g)?.length ?? 0));
    return '';
  }
  return null;
}

/** Why a complete statement (text without its delimiter) is left out, or null; updates `s` for commands. */
function statementDrop(text, s) {
  const head = /^\s*([A-Za-z_]\w*)/.exec(text)?.[1].toLowerCase() ?? '';
  const arg = text.trim().split(/\s+/)[1] ?? '';
  if (COMMANDS.has(head)) {
    if (head === 'delimiter') s.delimiter = arg;
    if (HEREDOC.has(head)) s.heredoc = text.trim().split(/\s+/)[2] ?? 'EOF';
    // `error` names what the next command or statement must fail with; any other command uses it up.
    s.error = head === 'error' ? arg : null;
    return 'mysqltest command';
  }
  const expected = s.error;
  s.error = null;
  if (s.depth > 0) return 'mysqltest conditional';
  if (s.delimiter !== ';') return 'delimiter';
  return expected !== null && /\b(ER_PARSE_ERROR|1064)\b/.test(expected) ? 'expected syntax error' : null;
}

/** Where the line's last `delimiter` begins when only a comment follows it (`COMMIT; # unlock`), or -1. */
function delimiterEnd(line, delimiter) {
  const at = line.lastIndexOf(delimiter);
  return at >= 0 && /^\s*(#.*|--(\s.*)?)?$/.test(line.slice(at + delimiter.length)) ? at : -1;
}

/** Statements `{ line, text }` of a test file, and the drops `[reason]`. */
export function mysqltestStatements(source) {
  const s = { delimiter: ';', depth: 0, error: null, heredoc: null };
  const statements = [];
  const drops = [];
  let buf = [];
  let start = 0;
  source.split('\n').forEach((line, i) => {
    if (buf.length === 0) {
      const control = controlLine(line, s);
      if (control === 'mysqltest command') drops.push(control);
      if (control !== null) return;
      start = i + 1;
    }
    const end = delimiterEnd(line, s.delimiter);
    buf.push(end < 0 ? line : line.slice(0, end));
    if (end < 0) return;
    const text = buf.join('\n');
    buf = [];
    const why = statementDrop(text, s);
    if (why !== null) drops.push(why);
    else statements.push({ line: start, text: `${text};` });
  });
  return { statements, drops };
}

/** Names of the loadable functions a test file creates, lower case. */
export function loadableFunctions(text) {
  return [...text.matchAll(/\bcreate\s+(?:aggregate\s+)?function\s+(\w+)\s+returns\b/gi)].map((m) => m[1].toLowerCase());
}

/** `not UTF-8` for a statement holding text that did not decode. */
function notUtf8(tokens) {
  return tokens.some((t) => t.v.includes('\ufffd')) ? 'not UTF-8' : null;
}

/** Chunks `{ driver, dialect, path, line, text, defines, reject }` (one a statement), and a `whole` drop for each left out. */
export function mysqlChunks(gitDir) {
  const paths = listFiles(gitDir, ROOT).filter((p) => p.endsWith('.test'));
  const texts = readFiles(gitDir, paths);
  return paths.flatMap((path) => {
    const text = texts.get(path) ?? '';
    const { statements, drops } = mysqltestStatements(text);
    const defines = loadableFunctions(text);
    const chunks = statements.map((st) => ({ driver: 'mysql', dialect: 'mysql', path, line: st.line, text: st.text, defines, reject: notUtf8 }));
    return [...chunks, ...drops.map((reason) => ({ path, whole: reason }))];
  });
}
