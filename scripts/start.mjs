// `npm start`: the main job on the embedded default. Generates the SQLite warehouse of the
// commerce fixture when it is missing, then compiles the fixture project with the built CLI.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { makeWarehouse } from './make-warehouse.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = join(repo, 'fixtures/commerce');
const db = join(project, 'data/warehouse.db');
if (!existsSync(db)) {
  process.stderr.write('generating fixtures/commerce/data/warehouse.db\n');
  await makeWarehouse(db);
}
const cli = join(repo, 'dist/src/cli/main.js');
const run = (args) => spawnSync(process.execPath, [cli, ...args], { cwd: project, stdio: 'inherit' }).status ?? 1;
const code = run(['compile']);
process.stdout.write(`\nProject: ${project}\nTry: node ${cli} lint domains/finance/blocks/weekly_revenue.svc\n`);
process.exitCode = code === 0 ? 0 : code;
