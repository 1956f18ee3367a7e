// Preloaded into a benchmarked svc process (node --require): prints its peak resident set size
// (worker threads included: they share the process) to stderr as it exits.
process.on('exit', () => process.stderr.write(`\nsvc-bench-peak-rss-kb ${process.resourceUsage().maxRSS}\n`));
