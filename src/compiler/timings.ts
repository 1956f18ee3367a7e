/**
 * Phase timings for `svc compile`, printed to stderr when SVC_TIMINGS=1, so a slow compile on a
 * large project can be diagnosed without a profiler. Costs one clock read per phase otherwise.
 */
export class Timings {
  private readonly enabled = process.env['SVC_TIMINGS'] === '1';
  private last = performance.now();
  /** Time from process start to this compile (node start-up, loading svc): not compile work. */
  private readonly before = this.last;
  private readonly phases: Array<[string, number]> = [];

  /** Closes the current phase under `name`. */
  mark(name: string): void {
    if (!this.enabled) return;
    const now = performance.now();
    this.phases.push([name, now - this.last]);
    this.last = now;
  }

  /** Writes the phases to stderr (when enabled). */
  report(): void {
    if (!this.enabled) return;
    const total = this.phases.reduce((sum, [, ms]) => sum + ms, 0);
    const lines = this.phases.map(([name, ms]) => `  ${name.padEnd(18)} ${ms.toFixed(1).padStart(8)} ms`);
    const before = `  ${'(process start)'.padEnd(18)} ${this.before.toFixed(1).padStart(8)} ms before the compile began`;
    process.stderr.write(`svc compile timings\n${before}\n${lines.join('\n')}\n  ${'total'.padEnd(18)} ${total.toFixed(1).padStart(8)} ms\n`);
  }
}
