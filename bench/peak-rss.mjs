// Preloaded into a benchmarked svc process (node --import): prints its peak resident set size
// (worker threads included: they share the process) to stderr as it exits. An .mjs file, so
// `--against` copies it into the other build's tree with the rest of bench/.
process.on('exit', () => process.stderr.write(`\nsvc-bench-peak-rss-kb ${process.resourceUsage().maxRSS}\n`));
