/** Long-running commands (serve, compile --watch) run until the first SIGINT or SIGTERM. */

/** Resolves on the first SIGINT or SIGTERM, then stops listening for them. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((done) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
