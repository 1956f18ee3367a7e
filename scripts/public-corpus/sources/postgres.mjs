/**
 * postgres/postgres (or a mirror of its master, such as hackorum-dev/postgres): the core
 * regression tests, src/test/regress/sql/*.sql, as psql runs them; driver postgresql.
 *
 * psql reads these files, so not all of their text is SQL:
 * - a meta-command (a backslash outside strings and comments, as in `\d t`, `\set x 1`, or at the
 *   end of a query: `SELECT ... \gset`, `\bind 1 \g`) runs to the end of its line; it is dropped
 *   and counted (`psql meta-command`), and ends the statement before it, as psql sends that one;
 * - the data lines after `COPY ... FROM stdin;`, up to the `\.` line, are dropped and counted
 *   (`copy data`), the COPY itself kept;
 * - a statement using a psql variable (`:name`, `:'name'`, `:"name"`, `:{?name}`) is dropped
 *   and counted (`psql variable`): its text is only known once psql substitutes it.
 */
import { hasPath, listFiles, readFiles } from '../git.mjs';
import { tokenize } from '../lexer.mjs';
import { lineOf, lineStarts } from '../split.mjs';

const ROOT = 'src/test/regress/sql';

export function isPostgres(gitDir) {
  return hasPath(gitDir, ROOT) && hasPath(gitDir, 'src/backend/tcop/postgres.c');
}

/** The line where a query starting at line `i` ends (its unescaped `;`), or `i` for a `\copy` line. */
function queryEnd(lines, i) {
  if (/^\s*\\copy\b/i.test(lines[i])) return i;
  for (let j = i; j < lines.length; j++) if (/(^|[^\\]);/.test(lines[j])) return j;
  return -1;
}

/**
 * The text with the data of `COPY ... FROM stdin` (also `\copy` and psql's `FROM stdout`) blanked,
 * lines kept for line numbers, and how many data blocks: each runs from the line after the query
 * to a `\.` line, one per COPY in the query (`COPY a FROM stdin \; COPY b FROM stdin;`).
 */
export function blankCopyData(text) {
  const lines = text.split('\n');
  let blocks = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!/\bfrom\s+std(in|out)\b/i.test(lines[i])) continue;
    const end = queryEnd(lines, i);
    if (end < 0) continue;
    const copies = lines
      .slice(i, end + 1)
      .join('\n')
      .match(/\bfrom\s+std(in|out)\b/gi).length;
    let j = end;
    for (let c = 0; c < copies; c++) {
      const close = lines.findIndex((l, k) => k > j && l.trimEnd() === '\\.');
      if (close < 0) break;
      for (let k = j + 1; k <= close; k++) lines[k] = '';
      blocks++;
      j = close;
    }
    i = j;
  }
  return { text: lines.join('\n'), blocks };
}

/** Meta-commands that send the query buffer; any other leaves a query it interrupts unsent or pending. */
const SENDS = new Set(['g', 'gx', 'gset', 'gexec', 'gdesc', 'crosstabview', 'watch', 'bind', 'bind_named', 'parse', 'sendpipeline']);

/**
 * Pieces `{ line, text, meta }` of SQL between psql meta-commands (`meta`: the name of the one that
 * ends the piece), and how many meta-commands were cut. `\;` (psql's separator inside one query)
 * is read as `;`. Each pass tokenizes what is left, so a meta-command's own quotes never confuse
 * the lexer.
 */
export function psqlPieces(source) {
  const text = source.replace(/\\;/g, ' ;');
  const starts = lineStarts(text);
  const pieces = [];
  let metas = 0;
  let from = 0;
  while (from < text.length) {
    const slash = tokenize(text.slice(from), 'postgresql').tokens.find((t) => t.k === 'o' && t.v === '\\');
    const cut = slash === undefined ? text.length : from + slash.at;
    const meta = slash === undefined ? null : (/^\\([a-z_]*)/i.exec(text.slice(cut))[1] || '?').toLowerCase();
    pieces.push({ line: lineOf(starts, from), text: text.slice(from, cut), meta });
    if (slash === undefined) break;
    metas++;
    const eol = text.indexOf('\n', cut);
    from = eol < 0 ? text.length : eol + 1;
  }
  return { pieces, metas };
}

/** Offsets of the `;` tokens of a piece. */
function semicolons(text) {
  return tokenize(text, 'postgresql').tokens.filter((t) => t.k === 'p' && t.v === ';');
}

/**
 * The pieces' SQL `{ line, text }` and drops `{ reason }`: SQL inside `\if ... \endif` (which branch
 * runs is psql's to decide) is `psql conditional`; a query left open by a meta-command that does not
 * send it (`SELECT 3 \p`, `\r`) and the text that continues it are `psql query buffer`.
 */
export function psqlSql(pieces) {
  const sql = [];
  const drops = [];
  let depth = 0;
  let pending = false;
  for (const p of pieces) {
    const marks = semicolons(p.text);
    let from = 0;
    if (pending && marks.length === 0) pending = !SENDS.has(p.meta) && p.meta !== 'r';
    else {
      if (pending) from = marks[0].end;
      pending = false;
      const tail = Math.max(from, marks.length === 0 ? 0 : marks[marks.length - 1].end);
      const open = tokenize(p.text.slice(tail), 'postgresql').tokens.length > 0;
      const to = open && !SENDS.has(p.meta) ? tail : p.text.length;
      if (to < p.text.length) drops.push({ reason: 'psql query buffer' });
      pending = to < p.text.length && p.meta !== 'r';
      const text = p.text.slice(from, to);
      const line = p.line + (p.text.slice(0, from).match(/\n/g)?.length ?? 0);
      if (text.trim() !== '') (depth > 0 ? drops : sql).push(depth > 0 ? { reason: 'psql conditional' } : { line, text });
    }
    if (p.meta === 'if') depth++;
    if (p.meta === 'endif') depth = Math.max(0, depth - 1);
  }
  return { sql, drops };
}

/** `psql variable` when the statement uses one (`:name`, `:'name'`, `:"name"`, `:{?name}`), outside `[...]` slices. */
export function psqlVariable(tokens) {
  let brackets = 0;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i];
    if (t.k === 'p' && t.v === '[') brackets++;
    if (t.k === 'p' && t.v === ']') brackets--;
    const next = tokens[i + 1];
    const named = ['w', 's', 'q'].includes(next.k) || (next.k === 'p' && next.v === '{');
    if (t.k === 'o' && t.v === ':' && brackets <= 0 && named && next.at === t.end) return 'psql variable';
  }
  return null;
}

/** Chunks `{ driver, dialect, path, line, text, reject }`, and a `whole` drop for each meta-command, COPY data block and fragment. */
export function postgresChunks(gitDir) {
  const paths = listFiles(gitDir, ROOT).filter((p) => p.endsWith('.sql'));
  const texts = readFiles(gitDir, paths);
  return paths.flatMap((path) => {
    const copied = blankCopyData(texts.get(path) ?? '');
    const { pieces, metas } = psqlPieces(copied.text);
    const { sql, drops } = psqlSql(pieces);
    const whole = (reason, n) => Array.from({ length: n }, () => ({ path, whole: reason }));
    const chunks = sql.map((p) => ({ driver: 'postgresql', dialect: 'postgres', path, line: p.line, text: p.text, reject: psqlVariable }));
    return [...chunks, ...whole('psql meta-command', metas), ...whole('copy data', copied.blocks), ...drops.map((d) => ({ path, whole: d.reason }))];
  });
}
