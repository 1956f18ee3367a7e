#!/usr/bin/env node
// Writes a synthetic domain-first svc project for the compile, lint and routing benchmarks.
// Blocks are built from templates over the fixture warehouse schema so the SQL is realistic
// (joins, CTEs, window functions, params) and would run against fixtures/commerce's database.
// Deterministic: a seeded PRNG picks every variation, so a benchmark figure is comparable run
// to run and machine to machine.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const DOMAINS = [
  'finance',
  'sales',
  'customers',
  'catalog',
  'marketing',
  'operations',
  'support',
  'logistics',
  'payments',
  'risk',
  'growth',
  'retention',
  'pricing',
  'inventory',
  'partners',
  'merchandising',
  'loyalty',
  'fulfillment',
  'procurement',
  'product',
];
const METRICS = ['revenue', 'orders', 'units', 'refunds', 'aov', 'buyers', 'cancellations', 'payments'];
const DIMENSIONS = ['state', 'channel', 'category', 'segment', 'method', 'month', 'week', 'day'];
const QUALIFIERS = ['', 'completed', 'net', 'gross', 'recent', 'weekly', 'top', 'daily', 'ytd'];
const CHARTS = ['line', 'bar', 'table', 'kpi'];
const STATES = ['CA', 'TX', 'FL', 'NY', 'WA', 'IL', 'GA', 'OH'];
const CHANNELS = ['web', 'mobile', 'marketplace', 'retail'];
const CATEGORIES = ['electronics', 'home', 'outdoors', 'apparel', 'beauty', 'toys', 'grocery', 'books'];
const COMMENTS = [
  '// Agreed with the owning team at the last metrics review.',
  '// Completed orders only; refunds are reported by a separate block.',
  '/* Dates are compared as ISO strings: ordered_at is stored as text in UTC. */',
  '// TODO: revisit once the warehouse exposes a fiscal calendar.',
  '/*\n * Used by the weekly business review deck.\n * Keep the output columns stable: the deck reads them by name.\n */',
  '// Grain chosen to match the finance close calendar.',
];

function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (xs) => xs[Math.floor(next() * xs.length)], int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)) };
}

// Each template returns the SQL, the params it uses, and its output columns (for the contract).
const DIM_SQL = {
  state: 'o.state',
  channel: 'o.channel',
  category: 'p.category',
  segment: 'c.segment',
  method: 'pay.method',
  month: "strftime('%Y-%m', o.ordered_at)",
  week: "date(o.ordered_at, '-6 days', 'weekday 1')",
  day: 'date(o.ordered_at)',
};
const JOIN_SQL = {
  items: 'JOIN order_items i ON i.order_id = o.id',
  products: 'JOIN products p ON p.id = i.product_id',
  customers: 'JOIN customers c ON c.id = o.customer_id',
  payments: 'JOIN payments pay ON pay.order_id = o.id',
};
const NEEDS = { category: ['items', 'products'], segment: ['customers'], method: ['payments'], units: ['items'], payments: ['payments'] };
// Measures stay correct under the joins above: item-level sums when items are joined, DISTINCT otherwise.
function measure(metric, items) {
  switch (metric) {
    case 'revenue':
      return items ? 'ROUND(SUM(i.quantity * i.unit_price), 2)' : 'ROUND(SUM(o.amount), 2)';
    case 'aov':
      return items ? 'ROUND(SUM(i.quantity * i.unit_price) / COUNT(DISTINCT o.id), 2)' : 'ROUND(AVG(o.amount), 2)';
    case 'units':
      return 'SUM(i.quantity)';
    case 'payments':
      return 'COUNT(pay.id)';
    case 'buyers':
      return 'COUNT(DISTINCT o.customer_id)';
    case 'refunds':
      return "COUNT(DISTINCT CASE WHEN o.status = 'refunded' THEN o.id END)";
    case 'cancellations':
      return "COUNT(DISTINCT CASE WHEN o.status = 'cancelled' THEN o.id END)";
    default:
      return 'COUNT(DISTINCT o.id)';
  }
}
const ENTITY = {
  revenue: 'Revenue',
  aov: 'Revenue',
  units: 'Product',
  payments: 'Payment',
  buyers: 'Customer',
  refunds: 'Refund',
  cancellations: 'Order',
  orders: 'Order',
};

function sqlFor(rnd, metric, dim) {
  const params = [['since', 'date', `"${rnd.int(2024, 2025)}-${String(rnd.int(1, 12)).padStart(2, '0')}-01"`]];
  // Refund and cancellation counts need every status; the other measures count completed orders.
  const where = ['refunds', 'cancellations'].includes(metric) ? [] : ["o.status = 'completed'"];
  where.push('o.ordered_at >= ${since}');
  const filter = rnd.next();
  if (filter < 0.25 && dim !== 'state') {
    params.push(['state', 'string', `"${rnd.pick(STATES)}"`]);
    where.push('o.state = ${state}');
  } else if (filter < 0.4 && dim !== 'channel') {
    params.push(['channel', 'string', `"${rnd.pick(CHANNELS)}"`]);
    where.push('o.channel = ${channel}');
  } else if (filter < 0.5 && dim === 'category') {
    params.push(['category', 'string', `"${rnd.pick(CATEGORIES)}"`]);
    where.push('p.category = ${category}');
  }
  const limited = rnd.next() < 0.45;
  if (limited) params.push(['top_n', 'number', String(rnd.pick([5, 10, 20, 25, 50]))]);
  const needs = new Set([...(NEEDS[dim] ?? []), ...(NEEDS[metric] ?? [])]);
  const join = ['items', 'products', 'customers', 'payments']
    .filter((j) => needs.has(j))
    .map((j) => `\n    ${JOIN_SQL[j]}`)
    .join('');
  const order = ['month', 'week', 'day'].includes(dim) ? '1' : 'value DESC';
  const cte = rnd.next() < 0.2; // some authors prefer a CTE per step
  const core = `SELECT ${DIM_SQL[dim]} AS ${dim},\n           ${measure(metric, needs.has('items'))} AS value\n    FROM orders o${join}\n    WHERE ${where.join('\n      AND ')}\n    GROUP BY 1`;
  const sql = cte
    ? `WITH base AS (\n    ${core}\n    )\n    SELECT ${dim}, value, ROUND(100.0 * value / SUM(value) OVER (), 1) AS share_pct\n    FROM base\n    ORDER BY ${order === '1' ? dim : 'value DESC'}${limited ? '\n    LIMIT ${top_n}' : ''}`
    : `${core}\n    ORDER BY ${order}${limited ? '\n    LIMIT ${top_n}' : ''}`;
  return { sql, params, outputs: cte ? [dim, 'value', 'share_pct'] : [dim, 'value'] };
}

/** A block's opening lines: format marker, perhaps a comment, then its name, domain, status, description, owner and tags. */
function headLines(rnd, i, { domain, name, metric, dim, status }, owner) {
  const lines = ['// svc-format: 1'];
  if (rnd.next() < 0.5) lines.push(rnd.pick(COMMENTS));
  lines.push(`block "${name}" {`, `  domain = "${domain}"`, `  status = "${status}"`);
  const draft = status === 'draft';
  lines.push(`  description = "${draft ? 'Review required: drafted from a question.' : `${metric} by ${dim} for the ${domain} team (variant ${i}).`}"`);
  lines.push(`  owner = "${draft ? 'local-owner@example.test' : owner}"`);
  lines.push(`  tags = [${[draft ? 'review-required' : metric, dim, rnd.pick(QUALIFIERS) || 'core'].map((t) => `"${t}"`).join(', ')}]`);
  return lines;
}

/** The optional metadata some certified blocks declare. */
function metadataLines(dim, outputs) {
  return [
    `  pattern = "${['month', 'week', 'day'].includes(dim) ? 'trend' : 'breakdown'}"`,
    `  grain = "${dim}"`,
    `  outputs = [${outputs.map((o) => `"${o}"`).join(', ')}]`,
    '  sourceSystems = ["shop.orders"]',
    '  reviewCadence = "quarterly"',
  ];
}

/** A draft's capture record: its answer fingerprint, how often it was asked, and what it proposes. */
function draftLines(rnd, i, { domain, name }, entity) {
  const n = rnd.int(1, 6);
  return [
    `  answer_fingerprint = "sha256:${((i * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(8)}"`,
    `  asked_times = ${n}`,
    '  _proposed {',
    `    asked_at = "2026-01-${String(rnd.int(10, 28)).padStart(2, '0')}T10:00:00Z"`,
    `    asked_times = ${n}`,
    `    domain = "${domain}"`,
    `    entity = "${entity}"`,
    `    contract_id = "${domain}.${entity}.${name}"`,
    '  }',
  ];
}

/** A governed block's chart and tests. */
function chartAndTests(rnd, dim) {
  const chart = `  visualization { chart = "${rnd.pick(CHARTS)}"  x = "${dim}"  y = "value" }`;
  return [chart, '  tests {', '    assert row_count > 0', `    assert value ${rnd.next() < 0.5 ? '>= 0' : 'is not null'}`, '  }'];
}

/** The text of block `i` and, when it is certified, its contract; the PRNG is drawn in text order. */
function blockText(rnd, i, spec) {
  const { domain, name, metric, dim, status } = spec;
  const { sql, params, outputs } = sqlFor(rnd, metric, dim);
  const owner = `${domain}-analytics@acme.test`;
  const lines = headLines(rnd, i, spec, owner);
  const draft = status === 'draft';
  const entity = ENTITY[metric];
  const contract = status === 'certified' ? { id: `${domain}.${entity}.${name}`, version: 1, owner, outputs } : undefined;
  if (contract) lines.push(`  svc_contract = "${contract.id}@1"`);
  if (status === 'certified' && rnd.next() < 0.3) lines.push(...metadataLines(dim, outputs));
  if (draft) lines.push(...draftLines(rnd, i, spec, entity));
  else lines.push(`  examples = [{ question = "What is ${metric} by ${dim}?" }]`);
  lines.push('  params {', ...params.map(([p, t, d]) => `    ${p}: ${t} = ${d}`), '  }');
  lines.push('  query = """', `    ${sql}`, '  """');
  if (!draft) lines.push(...chartAndTests(rnd, dim));
  lines.push('}', '');
  return { text: lines.join('\n'), contract };
}

/** Empties the generated folders of `root`; refuses a non-empty directory gen-project did not make. */
function prepareRoot(root, marker) {
  if (existsSync(root) && readdirSync(root).length > 0 && !existsSync(marker)) {
    throw new Error(`${root} is not empty and was not made by gen-project; refusing to overwrite`);
  }
  rmSync(join(root, 'domains'), { recursive: true, force: true });
  rmSync(join(root, 'semantic-layer'), { recursive: true, force: true });
  for (const d of DOMAINS) mkdirSync(join(root, 'domains', d, 'blocks', '_drafts'), { recursive: true });
}

/** What block `i` is: its domain (in turn), metric, dimension, name and status (~5% drafts). */
function blockSpec(rnd, i) {
  const domain = DOMAINS[i % DOMAINS.length];
  const metric = rnd.pick(METRICS);
  const dim = rnd.pick(DIMENSIONS);
  // The index suffix keeps names unique; the words keep them plausible for routing.
  const name = [rnd.pick(QUALIFIERS), metric, 'by', dim, String(i)].filter(Boolean).join('_');
  const roll = rnd.next();
  const status = roll < 0.05 ? 'draft' : roll < 0.07 ? 'deprecated' : roll < 0.09 ? 'review' : 'certified';
  return { domain, name, metric, dim, status };
}

/** The project's config and its contract manifest. */
function writeConfig(root, contracts) {
  writeFileSync(
    join(root, 'svc.config.json'),
    JSON.stringify(
      {
        project: 'bench',
        connections: { default: { driver: 'sqlite', path: 'data/warehouse.db' } },
        contracts: { manifestPath: 'svc-contract-manifest.json' },
        certification: { rules: 'oss' },
      },
      null,
      2,
    ) + '\n',
  );
  writeFileSync(join(root, 'svc-contract-manifest.json'), JSON.stringify({ version: 1, contracts }, null, 1) + '\n');
}

/**
 * Writes `count` blocks under `dir` (domains/<d>/blocks, ~5% drafts), svc.config.json and
 * svc-contract-manifest.json. Refuses a non-empty directory it did not generate itself.
 */
export async function genProject(dir, count = 10000, { seed = 7 } = {}) {
  const root = resolve(dir);
  const marker = join(root, '.svc-bench-project');
  prepareRoot(root, marker);
  const rnd = prng(seed);
  const contracts = [];
  let drafts = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const spec = blockSpec(rnd, i);
    const { text, contract } = blockText(rnd, i, spec);
    if (contract) contracts.push(contract);
    if (spec.status === 'draft') drafts++;
    const file = join(root, 'domains', spec.domain, 'blocks', spec.status === 'draft' ? '_drafts' : '', `${spec.name}.svc`);
    writeFileSync(file, text);
    bytes += text.length;
  }
  writeConfig(root, contracts);
  await writeCompanions(root);
  writeFileSync(marker, 'generated by bench/gen-project.mjs; safe to delete\n');
  return { root, blocks: count, drafts, certified: contracts.length, averageBytes: Math.round(bytes / Math.max(count, 1)) };
}

/**
 * Companion YAML for every block, as a real project keeps them: reviewStatus, and for a certified
 * block the certification receipt for its exact source. The source hash is the compiler's own,
 * so the built svc is asked for it (a check-only compile: nothing is written into the project).
 */
async function writeCompanions(root) {
  // Under `--against`, the older build measures and this build generates: both sides then see
  // the same project, whatever the older build's layout.
  const dist = process.env.SVC_BENCH_GEN_DIST ?? new URL('../dist', import.meta.url).pathname;
  const { compileProject } = await import(pathToFileURL(join(dist, 'src/compiler/pipeline/compile-project.js')).href);
  const compiled = compileProject({ project: root, cache: false, check: true });
  const blocks = Object.values(JSON.parse(compiled.text).blocks);
  for (const b of blocks) {
    const folder = join(root, 'semantic-layer', 'blocks', b.domain, ...(b.inDrafts ? ['_drafts'] : []));
    mkdirSync(folder, { recursive: true });
    const lines = [
      `name: ${b.name}`,
      `domain: ${b.domain}`,
      `owner: ${b.owner}`,
      'lineage:',
      '  tables:',
      ...b.tables.map((t) => `    - ${t}`),
      `reviewStatus: ${b.status}`,
    ];
    if (b.status === 'certified') {
      lines.push(
        'certification:',
        `  certifiedBy: ${b.owner}`,
        '  certifiedAt: "2026-01-05T09:00:00Z"',
        '  via: cli',
        '  rules: oss',
        `  sourceSha256: ${b.sourceSha256}`,
        '  checks:',
        '    - metadata',
        '    - validation',
        '    - run',
        '    - tests',
      );
    }
    writeFileSync(join(folder, `${b.name}.yaml`), `${lines.join('\n')}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [dir, countArg] = process.argv.slice(2);
  const count = countArg === undefined ? 10000 : Number(countArg);
  if (!dir || !Number.isInteger(count) || count < 0) {
    process.stderr.write('usage: node bench/gen-project.mjs <dir> [count=10000]\n');
    process.exit(2);
  }
  const started = performance.now();
  const summary = await genProject(dir, count);
  process.stderr.write(`${JSON.stringify(summary)} in ${Math.round(performance.now() - started)} ms\n`);
}
