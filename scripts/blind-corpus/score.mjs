#!/usr/bin/env node
/**
 * Scores svc's statement check over a blind corpus (test/corpus/blind/, or blind2/ to blind6/ with --corpus): every case goes to the
 * built check, `hostedStatementRefusal(sql, driver, [], { readOnly: true })`, from
 * dist/src/rules/statement-check/index.js (run `npm run build` first).
 *
 *   node scripts/blind-corpus/score.mjs [--corpus blind|blind2|blind3|blind4|blind5|blind6|blind7] [--show-tuning] [--json]
 *
 * Prints, per half and family: cases, passed, writes or state changes let through (false allows)
 * and reads refused (over-refusals). `--show-tuning` lists the failing cases of the tuning half.
 * The held-out half is scored only: its cases are never printed, so the check is not fitted to them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const REPO = join(import.meta.dirname, '..', '..');
const CHECK = join(REPO, 'dist/src/rules/statement-check/index.js');

const argv = process.argv.slice(2);
const at = argv.indexOf('--corpus');
/** The corpus folder under test/corpus/ (blind, blind2 to blind7), whose halves export <FOLDER>_TUNING and <FOLDER>_HELD_OUT. */
const corpus = at >= 0 ? argv.splice(at, 2)[1] : 'blind';
const args = new Set(argv);
if (!/^blind\d*$/.test(corpus ?? '') || [...args].some((a) => a !== '--show-tuning' && a !== '--json')) {
  console.error('usage: node scripts/blind-corpus/score.mjs [--corpus blind|blind2|blind3|blind4|blind5|blind6|blind7] [--show-tuning] [--json]');
  process.exit(2);
}

async function load(file, name) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-blind-'));
  try {
    const out = join(dir, 'cases.mjs');
    await build({ entryPoints: [join(REPO, 'test/corpus', corpus, file)], bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'error' });
    return (await import(pathToFileURL(out).href))[name];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { hostedStatementRefusal } = await import(pathToFileURL(CHECK).href);
const NAME = corpus.toUpperCase();
const halves = { tuning: await load('tuning.ts', `${NAME}_TUNING`), 'held-out': await load('held-out.ts', `${NAME}_HELD_OUT`) };

const report = {};
const failures = [];
for (const [half, cases] of Object.entries(halves)) {
  const families = {};
  for (const c of cases) {
    const family = c.family.replace(/\/obfuscated$/, '');
    const r = hostedStatementRefusal(c.sql, c.driver, [], { readOnly: true });
    const f = (families[family] ??= { cases: 0, passed: 0, falseAllows: 0, overRefusals: 0 });
    f.cases++;
    const refused = r !== null;
    if (refused === (c.verdict === 'refuse')) f.passed++;
    else if (refused) f.overRefusals++;
    else f.falseAllows++;
    if (half === 'tuning' && refused !== (c.verdict === 'refuse')) failures.push({ ...c, got: r?.reason ?? 'allowed' });
  }
  const total = Object.values(families).reduce(
    (a, f) => ({
      cases: a.cases + f.cases,
      passed: a.passed + f.passed,
      falseAllows: a.falseAllows + f.falseAllows,
      overRefusals: a.overRefusals + f.overRefusals,
    }),
    { cases: 0, passed: 0, falseAllows: 0, overRefusals: 0 },
  );
  report[half] = { total, families };
}

if (args.has('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [half, { total, families }] of Object.entries(report)) {
    console.log(
      `\n${half}: ${total.passed}/${total.cases} (${((100 * total.passed) / total.cases).toFixed(1)}%), false allows ${total.falseAllows}, over-refusals ${total.overRefusals}`,
    );
    console.log('| family | cases | passed | false allows | over-refusals |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, f] of Object.entries(families).sort()) console.log(`| ${name} | ${f.cases} | ${f.passed} | ${f.falseAllows} | ${f.overRefusals} |`);
  }
  if (args.has('--show-tuning')) {
    console.log('\ntuning failures:');
    for (const c of failures) console.log(`- [${c.driver}] ${c.verdict} got ${c.got} (${c.family}): ${c.sql}`);
  }
}
