#!/usr/bin/env node
/**
 * Rewrites the "## Units" table of every README under src/ and grammar/ from the files it names:
 * each source file of the README's folder, and of its subfolders that have no README of their
 * own, with the first sentence of the file's leading doc comment. The prose above the table is
 * the author's and is kept as it is. test/meta/readmes.test.ts fails when a file is named by no
 * README; running this names it.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

/** The first sentence of a file's leading doc comment, for a table cell. */
function firstSentence(file) {
  const m = /^(?:#![^\n]*\n)?\s*\/\*\*([\s\S]*?)\*\//.exec(readFileSync(file, 'utf8'));
  if (!m) return '';
  const text = m[1]
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^(.*?\.)(\s|$)/.exec(text);
  let out = sentence ? sentence[1] : text;
  if (out.length > 220) {
    const clause = /^(.*?):(\s|$)/.exec(out);
    out = clause && clause[1].length > 20 ? `${clause[1]}.` : `${out.slice(0, 200)}…`;
  }
  return out.replace(/\|/g, '\\|');
}

const sources = (dir) =>
  readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && statSync(join(dir, f)).isFile())
    .sort();

/** The table rows of a README's folder. */
function rows(dir) {
  const out = sources(dir).map((f) => `| \`${f}\` | ${firstSentence(join(dir, f))} |`);
  for (const sub of readdirSync(dir).sort()) {
    const path = join(dir, sub);
    if (!statSync(path).isDirectory() || existsSync(join(path, 'README.md'))) continue;
    out.push(...sources(path).map((f) => `| \`${sub}/${f}\` | ${firstSentence(join(path, f))} |`));
  }
  return out;
}

function readmes(dir) {
  const out = existsSync(join(dir, 'README.md')) ? [dir] : [];
  for (const sub of readdirSync(dir)) if (statSync(join(dir, sub)).isDirectory()) out.push(...readmes(join(dir, sub)));
  return out;
}

for (const dir of [...readmes(join(root, 'src')), ...readmes(join(root, 'grammar'))]) {
  const file = join(dir, 'README.md');
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('\n## Units\n');
  if (at < 0) continue;
  const table = ['| unit | what it is |', '|---|---|', ...rows(dir)].join('\n');
  const next = text.indexOf('\n## ', at + 1);
  const section = text.slice(at, next < 0 ? text.length : next);
  // Only the table is the script's: prose before or after it in the section is kept.
  const lines = section.split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const last = first < 0 ? -1 : first + lines.slice(first).findIndex((l) => !l.startsWith('|'));
  const kept = first < 0 ? [...lines, table] : [...lines.slice(0, first), table, ...(last < first ? [] : lines.slice(last))];
  const updated = text.slice(0, at) + kept.join('\n') + (next < 0 ? '' : text.slice(next));
  if (updated !== text) {
    writeFileSync(file, updated);
    process.stdout.write(`readme-units: ${relative(root, file)}\n`);
  }
}
