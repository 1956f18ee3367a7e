/**
 * The files `svc init` writes, as text keyed by project-relative path. Pure: the same options
 * give the same files. The example block is written for review (not certified): certifying it
 * is the user's first `svc certify`, which runs its tests against the example warehouse.
 */

import { CERTIFIERS_FILE } from '../../compiler/project/certifiers.js';
import { firstCertifiersText } from '../certify/certifier-file.js';
import { type InitWarehouse, warehouseConnection } from './warehouse-connection.js';

/** Where blocks live: `domains/<d>/blocks/` or the older `blocks/<d>/`. */
export type InitLayout = 'domains' | 'legacy';

export interface InitOptions {
  readonly project: string;
  readonly layout: InitLayout;
  readonly example: boolean;
  /** The warehouse of the `default` connection; none is written without it (or --example). */
  readonly warehouse?: InitWarehouse;
  /** The first certifier (the local owner and public key): receipts are then signed by default. */
  readonly certifier?: { readonly id: string; readonly key: string };
}

/** Path an editor resolves `$schema` from: the installed package's copy of the config schema. */
export const CONFIG_SCHEMA_PATH = './node_modules/svc-toolchain/dist/schemas/svc.config.schema.json';

/** The example block's id, file and questions, for the next-steps text and the tests. */
export const EXAMPLE = {
  block: 'shop.monthly_revenue',
  question: 'What was revenue by month?',
  warehouse: 'data/warehouse.db',
} as const;

const GITIGNORE_LINE = '.svc/';

function config(options: InitOptions): string {
  const doc: Record<string, unknown> = { $schema: CONFIG_SCHEMA_PATH, project: options.project };
  if (options.example || options.warehouse !== undefined) doc.connections = { default: warehouseConnection(options.warehouse ?? 'sqlite', options.project) };
  if (options.example) doc.contracts = { manifestPath: 'svc-contract-manifest.json' };
  doc.certification = options.certifier !== undefined ? { rules: 'oss', signed: true } : { rules: 'oss' };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

// pre-commit (pre-commit.com) runs these on staged block files; `npx` finds the project's own svc.
const PRE_COMMIT = `# Runs svc's checks on the block files a commit touches (https://pre-commit.com).
repos:
  - repo: local
    hooks:
      - id: svc-lint
        name: svc lint
        entry: npx svc lint
        language: system
        files: \\.svc$
      - id: svc-fmt
        name: svc fmt --check
        entry: npx svc fmt --check
        language: system
        files: \\.svc$
      - id: svc-certify-verify
        name: svc certify --verify
        entry: npx svc certify --verify
        language: system
        pass_filenames: false
        files: (\\.svc|\\.yaml|svc-certifiers\\.json)$
`;

const CONTRACTS = `${JSON.stringify(
  { version: 1, contracts: [{ id: 'shop.Revenue.monthly_revenue', version: 1, owner: 'analytics@example.test', outputs: ['month', 'orders', 'revenue'] }] },
  null,
  2,
)}\n`;

const BLOCK = `// svc-format: 1
// An example block to start from: edit it or copy it. \`svc certify shop.monthly_revenue\` runs
// its tests against data/warehouse.db and records the certification receipt.
block "monthly_revenue" {
  domain = "shop"
  status = "review"
  description = "Revenue and order count per calendar month, from paid orders."
  owner = "analytics@example.test"
  tags = ["revenue", "example"]
  svc_contract = "shop.Revenue.monthly_revenue@1"
  pattern = "trend"
  grain = "month"
  outputs = ["month", "orders", "revenue"]
  sourceSystems = ["shop.orders"]
  reviewCadence = "quarterly"
  examples = [
    { question = "${EXAMPLE.question}" },
    { question = "How many orders did we take each month?" }
  ]
  params {
    since: date = "2000-01-01"
  }
  query = """
    SELECT strftime('%Y-%m', ordered_at) AS month,
           COUNT(*) AS orders,
           ROUND(SUM(amount), 2) AS revenue
    FROM orders
    WHERE status = 'paid'
      AND ordered_at >= \${since}
    GROUP BY 1
    ORDER BY 1
  """
  visualization { chart = "line"  x = "month"  y = "revenue" }
  tests {
    assert row_count > 0
    assert revenue >= 0
    assert month is not null
  }
}
`;

/** The example block's file for a layout. */
export function exampleBlockPath(layout: InitLayout): string {
  return layout === 'domains' ? 'domains/shop/blocks/monthly_revenue.svc' : 'blocks/shop/monthly_revenue.svc';
}

/** Every text file of a new project (the warehouse is written apart: it is binary). */
export function projectFiles(options: InitOptions): Map<string, string> {
  const files = new Map<string, string>([
    ['svc.config.json', config(options)],
    ['.pre-commit-config.yaml', PRE_COMMIT],
  ]);
  if (options.certifier !== undefined) files.set(CERTIFIERS_FILE, firstCertifiersText([{ ...options.certifier, may: ['*'] }]));
  if (options.example) {
    files.set('svc-contract-manifest.json', CONTRACTS);
    files.set(exampleBlockPath(options.layout), BLOCK);
  }
  return files;
}

/**
 * `.gitignore` with `.svc/` (svc's local state) added when it is missing; undefined when present.
 * A new file also ignores `node_modules/` (where npm installs svc); an existing file keeps the
 * author's choices and only gains svc's own line.
 */
export function gitignoreWith(existing: string | undefined): string | undefined {
  if (existing === undefined) return `# svc's local state: caches, traces, runs\n${GITIGNORE_LINE}\n# svc installed with npm\nnode_modules/\n`;
  const lines = existing.split(/\r?\n/).map((l) => l.trim());
  if (lines.includes(GITIGNORE_LINE) || lines.includes('.svc') || lines.includes('/.svc/') || lines.includes('/.svc')) return undefined;
  return `${existing}${existing.endsWith('\n') || existing === '' ? '' : '\n'}${GITIGNORE_LINE}\n`;
}
