/**
 * duckdb/duckdb: test/sql/**\/*.test sqllogictest files. A `statement ok` block runs until a blank
 * line, a `query ...` block until its `----` result line; `statement error` and `statement maybe`
 * blocks (statements expected to fail) and everything between `mode skip` and `mode unskip` are
 * left out. Statements inside `loop` / `foreach` use `${...}` and the splitter drops them.
 */
import { hasPath, listFiles, readFiles } from '../git.mjs';

const ROOT = 'test/sql';

export function isDuckdb(gitDir) {
  return hasPath(gitDir, 'src/include/duckdb.hpp') && hasPath(gitDir, ROOT);
}

/** Blocks `{ line, text }` of the statements a sqllogictest file expects to run. */
export function sqllogicBlocks(text) {
  const lines = text.split('\n');
  const blocks = [];
  let skipping = false;
  for (let i = 0; i < lines.length; i++) {
    const head = lines[i].trim();
    if (head === 'mode skip') skipping = true;
    if (head === 'mode unskip') skipping = false;
    const keep = /^statement ok\b/.test(head) || /^query\s/.test(head);
    if (!keep && !/^statement\s/.test(head)) continue;
    let j = i + 1;
    while (j < lines.length && lines[j].trim() !== '' && lines[j].trim() !== '----') j++;
    if (keep && !skipping && j > i + 1) blocks.push({ line: i + 2, text: lines.slice(i + 1, j).join('\n') });
    // Result lines (or an expected error) run from `----` to the next blank line.
    while (j < lines.length && lines[j].trim() !== '') j++;
    i = j;
  }
  return blocks;
}

/** Chunks `{ driver, dialect, path, line, text }`. */
export function duckdbChunks(gitDir) {
  const paths = listFiles(gitDir, ROOT).filter((p) => /\.test(_slow)?$/.test(p));
  const texts = readFiles(gitDir, paths);
  return paths.flatMap((path) => sqllogicBlocks(texts.get(path) ?? '').map((b) => ({ driver: 'duckdb', dialect: 'duckdb', path, line: b.line, text: b.text })));
}
