/**
 * Save-to-manifest times of `svc compile --watch`: the watch is started in `dir`, `file` is
 * edited nine times (its description changed, `pauseMs` apart) and each edit is timed from the
 * write to the watch's JSON report of it. Shared by the 10k and 50k compile benchmarks. `change`
 * replaces the edit (change i, a block file added or renamed); the report's stats are kept.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The nine edit times in ms and what the watch wrote to stderr (its phase timings, when asked for). */
export async function watchEdits({ cli, dir, file, original, pauseMs, settleMs = 0, env = process.env, change }) {
  const child = spawn(process.execPath, [cli, 'compile', '--watch', '--format', 'json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const report = async (trigger) => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('svc compile --watch stopped');
      const line = JSON.parse(value);
      if (line.trigger === trigger) return line;
    }
  };
  await report('start');
  const times = [];
  const compiled = [];
  const edit = change ?? ((i) => writeFileSync(file, original.replace(/description = "/, `description = "Watched edit ${i}. `)));
  for (let i = 0; i < 9; i++) {
    await new Promise((done) => setTimeout(done, pauseMs));
    const start = process.hrtime.bigint();
    edit(i);
    const line = await report('change');
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    compiled.push(line.stats?.compiled);
    if (!line.wrote) throw new Error('the watch did not write the manifest');
  }
  if (settleMs > 0) await new Promise((done) => setTimeout(done, settleMs));
  const exited = new Promise((done) => child.on('exit', done));
  child.kill('SIGINT');
  await exited;
  return { times, stderr, compiled };
}
