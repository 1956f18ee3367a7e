/** `svc init`: a new project (config, .gitignore, pre-commit hooks, and with --example a block and its warehouse). */
import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { INIT_WAREHOUSES } from '../../runtime/init/warehouse-connection.js';
import type { SvcContext } from '../context.js';
import { quietOption, textOrJsonOption } from '../options.js';

const DETAILS = `
Writes svc.config.json (with $schema for editors), .gitignore (svc's local state, .svc/, stays out of git; an existing .gitignore only gains that line) and .pre-commit-config.yaml (svc lint and svc fmt --check on staged block files).

With --example it also writes one domain with one block ready to certify (shop.monthly_revenue, under domains/shop/blocks/, or blocks/shop/ with --layout legacy), its contract in svc-contract-manifest.json, and a small SQLite warehouse in data/warehouse.db whose orders cover the twelve months before today.

With --warehouse clickhouse, duckdb, postgresql or sqlite it writes the default connection for that warehouse: for the embedded ones an empty database file under data/ (load your data into it), and for a server its host, port, database and user with the name of the environment variable its password is read from (never the password itself).

The folder is created when missing. A folder holding anything but version-control and package-manager files (.git, package.json, node_modules, lock files) is refused unless --force; init never overwrites a file, and a refused or failed init leaves the folder as it was.

Exit codes: 0 written, 1 refused, 2 usage error.`;

export class InitCommand extends Command<SvcContext> {
  static override paths = [['init']];
  static override usage = Command.Usage({
    description: 'Create a new svc project in a folder.',
    details: DETAILS,
    examples: [
      ['A project with an example block and warehouse', 'svc init --example'],
      ['A new folder in the older layout', 'svc init analytics --layout legacy'],
      ['A project whose blocks run on PostgreSQL', 'svc init analytics --warehouse postgresql'],
    ],
  });

  dir = Option.String({ required: false, name: 'dir' });
  layout = Option.String('--layout', 'domains', {
    validator: t.isEnum(['domains', 'legacy']),
    description: 'domains (domains/<d>/blocks/) or legacy (blocks/<d>/)',
  });
  example = Option.Boolean('--example', false, { description: 'Add an example block, its contract and a small SQLite warehouse' });
  warehouse = Option.String('--warehouse', {
    validator: t.isEnum(INIT_WAREHOUSES),
    description: 'The warehouse of the default connection: clickhouse, duckdb, postgresql or sqlite',
  });
  force = Option.Boolean('--force', false, { description: 'Add the project to a folder that holds other files (nothing is overwritten)' });
  format = textOrJsonOption();
  quiet = quietOption();

  override async execute(): Promise<number> {
    const { initProject } = await import('../../runtime/init/init-project.js');
    const layout = this.layout === 'legacy' ? 'legacy' : 'domains';
    const result = await initProject({
      cwd: this.context.cwd,
      layout,
      example: this.example,
      force: this.force,
      ...(this.dir !== undefined ? { dir: this.dir } : {}),
      ...(this.warehouse !== undefined ? { warehouse: this.warehouse } : {}),
    });
    if (this.format === 'json') {
      this.context.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return result.exitCode;
    }
    const { diagnosticsText } = await import('../render/text.js');
    if (!result.ok) {
      this.context.stdout.write(diagnosticsText(result.diagnostics));
      return result.exitCode;
    }
    if (this.quiet) return 0;
    const lines = [
      `Created svc project ${result.project} in ${result.root}`,
      ...result.written.map((f) => `  ${f}`),
      '',
      'Next:',
      ...result.next.map((c) => `  ${c}`),
    ];
    this.context.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  }
}
