// Preloaded into a benchmarked svc process (node --import): prints its peak resident set size
// and the CPU time it used (worker threads included: they share the process) to stderr as it
// exits. An .mjs file, so `--against` copies it into the other build's tree with the rest of
// bench/. The preload also runs in each worker thread, where it prints nothing: only the
// process's own exit counts.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  process.on('exit', () => {
    const r = process.resourceUsage();
    process.stderr.write(`\nsvc-bench-peak-rss-kb ${r.maxRSS}\nsvc-bench-cpu-us ${r.userCPUTime + r.systemCPUTime}\n`);
  });
}
