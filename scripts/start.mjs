// `npm start`: the main job on the embedded default. Generates the SQLite warehouse of the
// commerce fixture when it is missing or was made in an earlier week (its dates end in the last
// seven days), then serves the fixture project with the built CLI
// (`svc serve`, which compiles first) on 127.0.0.1:4545 (or $PORT) until Ctrl-C.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeWarehouse, warehouseIsCurrent } from './make-warehouse.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = join(repo, 'fixtures/commerce');
const db = join(project, 'data/warehouse.db');
if (!warehouseIsCurrent(db)) {
  process.stderr.write('generating fixtures/commerce/data/warehouse.db\n');
  await makeWarehouse(db);
}
const cli = join(repo, 'dist/src/svc.js');
if (!existsSync(cli)) {
  process.stderr.write('dist/src/svc.js is missing: run `npm run build` first.\n');
  process.exit(2);
}
const port = process.env.PORT ?? '4545';
const child = spawn(process.execPath, [cli, 'serve', '--project', project, '--host', '127.0.0.1', '--port', port], { stdio: ['ignore', 'pipe', 'inherit'] });

// The server prints its URL as the first stdout line; the examples are printed under it.
let out = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', function onData(chunk) {
  out += chunk;
  const end = out.indexOf('\n');
  if (end < 0) return;
  child.stdout.off('data', onData);
  child.stdout.pipe(process.stdout);
  const url = out.slice(0, end);
  process.stdout.write(
    [
      `svc is serving fixtures/commerce at ${url}`,
      '',
      'Try:',
      `  curl -s ${url}/api/health`,
      `  curl -s ${url}/api/blocks`,
      `  curl -s -X POST ${url}/api/blocks/finance.weekly_revenue/run -H 'content-type: application/json' -d '{"params":{"top_n":4}}'`,
      // ASK EXAMPLE: a Tier-1 question answered by the certified block finance.weekly_revenue.
      `  curl -s -X POST ${url}/api/agent-runs -H 'content-type: application/json' -d '{"question":"Show weekly revenue since March 2025"}'`,
      '',
      'Ctrl-C stops the server.',
      '',
    ].join('\n'),
  );
  if (out.length > end + 1) process.stdout.write(out.slice(end + 1));
});

// Ctrl-C reaches the whole process group; SIGTERM sent to this script alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
