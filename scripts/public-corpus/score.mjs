#!/usr/bin/env node
/**
 * Scores svc's statement check over the public corpus (extract.mjs): every statement goes to the
 * built check, `hostedStatementRefusal(sql, driver, [], { readOnly: true })`, from
 * dist/src/rules/statement-check/index.js (run `npm run build` first).
 *
 *   node scripts/public-corpus/score.mjs [--corpus .svc-corpus/public] [--show N] [--json] [--strict]
 *
 * Prints, per driver: plain reads, how many the check refuses (over-refusal) and why, and N
 * refused reads with their source; then every write or state change the check lets through
 * (there should be none), and how many reads with effects or of system records pass (the check
 * may refuse those on purpose, so they are reported, not scored). `--json` prints the same as
 * one JSON document; `--strict` exits 1 when a write or state change passes. A statement found
 * in several repositories is scored once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO = join(import.meta.dirname, '..', '..');
const CHECK = join(REPO, 'dist/src/rules/statement-check/index.js');

const USAGE = 'usage: node scripts/public-corpus/score.mjs [--corpus .svc-corpus/public] [--show N] [--json] [--strict]';

function usage(code) {
  console.error(USAGE);
  process.exit(code);
}

function parseArgs(argv) {
  const opts = { corpus: '.svc-corpus/public', show: 5, json: false, strict: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus') opts.corpus = argv[++i];
    else if (a === '--show') opts.show = Number(argv[++i]);
    else if (a === '--json') opts.json = true;
    else if (a === '--strict') opts.strict = true;
    else usage(a === '--help' || a === '-h' ? 0 : 2);
  }
  if (opts.corpus === undefined || !Number.isInteger(opts.show) || opts.show < 0) usage(2);
  return opts;
}

/** Records of every .jsonl file in the corpus folder, each statement once; and the manifests. */
function loadCorpus(dir) {
  if (!existsSync(dir)) throw new Error(`${dir}: no corpus here; build it with scripts/public-corpus/extract.mjs`);
  const files = readdirSync(dir).sort();
  const manifests = files.filter((f) => f.endsWith('.manifest.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const seen = new Set();
  const records = [];
  for (const f of files.filter((name) => name.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (line === '') continue;
      const r = JSON.parse(line);
      const key = `${r.driver}\0${r.sql.replace(/\s+/g, ' ')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      records.push(r);
    }
  }
  return { records, manifests };
}

const where = (r) => `${r.source.repo}:${r.source.path}:${r.source.line}`;

/** Per driver and kind: totals, refusals by reason, refused and allowed records. */
function score(records, check) {
  const drivers = {};
  for (const r of records) {
    const refusal = check(r.sql, r.driver, [], { readOnly: true });
    const d = (drivers[r.driver] ??= {});
    const k = (d[r.kind] ??= { total: 0, refused: 0, reasons: {}, refusedRecords: [], allowedRecords: [] });
    k.total++;
    if (refusal === null) k.allowedRecords.push(r);
    else {
      k.refused++;
      k.reasons[refusal.reason] = (k.reasons[refusal.reason] ?? 0) + 1;
      k.refusedRecords.push({ ...r, reason: refusal.reason });
    }
  }
  return drivers;
}

/** `n` records spread evenly through `list` (not all from one file). */
function spread(list, n) {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
}

const sample = (r) => ({ sql: r.sql, where: where(r), why: r.why, ...(r.reason === undefined ? {} : { reason: r.reason }) });
const sortedReasons = (reasons) => Object.entries(reasons).sort((a, b) => b[1] - a[1]);
const pct = (n, total) => (total === 0 ? '-' : `${((100 * n) / total).toFixed(1)}%`);

/** Refused reads grouped by reason, `n` examples each. */
function byReason(refused, n) {
  const groups = {};
  for (const r of refused) (groups[r.reason] ??= []).push(r);
  return sortedReasons(Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.length]))).map(([reason, count]) => ({
    reason,
    count,
    examples: spread(groups[reason], n).map(sample),
  }));
}

function report(drivers, manifests, show) {
  const out = { corpus: manifests.map((m) => ({ repo: m.repo, commit: m.commit, statements: m.statements })), drivers: {}, totals: {} };
  const totals = { reads: 0, readsRefused: 0, writesAllowed: 0, stateAllowed: 0 };
  for (const [driver, kinds] of Object.entries(drivers).sort()) {
    const read = kinds.read ?? { total: 0, refused: 0, reasons: {}, refusedRecords: [] };
    const allowed = (kind) => kinds[kind]?.allowedRecords ?? [];
    const leaks = [...allowed('write'), ...allowed('state')];
    out.drivers[driver] = {
      kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, { total: v.total, refused: v.refused, reasons: v.reasons }])),
      readsRefused: byReason(read.refusedRecords, show),
      writesOrStateAllowed: { count: leaks.length, examples: spread(leaks, Math.max(show, 20)).map(sample) },
      effectReadsAllowed: { count: allowed('read-effect').length, examples: spread(allowed('read-effect'), show).map(sample) },
      systemReadsAllowed: { count: allowed('read-system').length, examples: spread(allowed('read-system'), show).map(sample) },
    };
    totals.reads += read.total;
    totals.readsRefused += read.refused;
    totals.writesAllowed += allowed('write').length;
    totals.stateAllowed += allowed('state').length;
  }
  out.totals = totals;
  out.reasons = globalReasons(drivers, show);
  return out;
}

/** Refusal reasons of reads over every driver, with examples from several drivers. */
function globalReasons(drivers, show) {
  const refused = Object.values(drivers).flatMap((kinds) => kinds.read?.refusedRecords ?? []);
  return byReason(refused, show);
}

function printText(out) {
  console.log(`corpus: ${out.corpus.map((c) => `${c.repo}@${c.commit.slice(0, 12)}`).join(', ')}`);
  console.log('\nOver-refusal of plain reads (readOnly: true, no allowed folders)\n');
  console.log(`${'driver'.padEnd(11)}${'reads'.padStart(8)}${'refused'.padStart(9)}${'%'.padStart(8)}  top reasons`);
  for (const [driver, d] of Object.entries(out.drivers)) {
    const read = d.kinds.read ?? { total: 0, refused: 0 };
    const top = d.readsRefused.map((g) => `${g.reason} ${g.count}`).join(', ');
    console.log(`${driver.padEnd(11)}${String(read.total).padStart(8)}${String(read.refused).padStart(9)}${pct(read.refused, read.total).padStart(8)}  ${top}`);
  }
  const t = out.totals;
  console.log(`${'all'.padEnd(11)}${String(t.reads).padStart(8)}${String(t.readsRefused).padStart(9)}${pct(t.readsRefused, t.reads).padStart(8)}`);
  printReasons(out.reasons);
  printDrivers(out.drivers);
  printLeaks(out);
}

function printReasons(groups) {
  console.log('\nRefusal reasons for reads, all drivers');
  for (const g of groups) {
    console.log(`\n  ${g.reason}: ${g.count}`);
    for (const e of g.examples) console.log(`    - ${oneLine(e.sql)}\n      ${e.where}`);
  }
}

function printDrivers(drivers) {
  for (const [driver, d] of Object.entries(drivers)) {
    if (d.readsRefused.length === 0) continue;
    console.log(`\n== ${driver}: refused reads`);
    for (const g of d.readsRefused) {
      console.log(`  ${g.reason}: ${g.count}`);
      for (const e of g.examples) console.log(`    - ${oneLine(e.sql)}\n      ${e.where}`);
    }
  }
}

function printLeaks(out) {
  const t = out.totals;
  console.log(`\nWrites allowed: ${t.writesAllowed}; state changes allowed: ${t.stateAllowed} (both should be 0)`);
  for (const [driver, d] of Object.entries(out.drivers)) {
    for (const e of d.writesOrStateAllowed.examples) console.log(`  ${driver}: ${oneLine(e.sql)}  [${e.why}]\n      ${e.where}`);
  }
  console.log('\nReads with effects / of system records that pass (reported, not scored):');
  for (const [driver, d] of Object.entries(out.drivers)) {
    const { effectReadsAllowed: fx, systemReadsAllowed: sys } = d;
    if (fx.count + sys.count === 0) continue;
    console.log(`  ${driver}: read-effect ${fx.count}, read-system ${sys.count}`);
    for (const e of [...fx.examples, ...sys.examples]) console.log(`    - ${oneLine(e.sql)}  [${e.why}]\n      ${e.where}`);
  }
}

function oneLine(sql) {
  const flat = sql.replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(CHECK)) throw new Error(`${CHECK} is missing: run npm run build first`);
  const { hostedStatementRefusal } = await import(pathToFileURL(CHECK).href);
  const { records, manifests } = loadCorpus(opts.corpus);
  const out = report(score(records, hostedStatementRefusal), manifests, opts.show);
  if (opts.json) console.log(JSON.stringify(out, null, 2));
  else printText(out);
  if (opts.strict && out.totals.writesAllowed + out.totals.stateAllowed > 0) process.exitCode = 1;
}

await main();
