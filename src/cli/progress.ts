/**
 * Progress on stderr for work that takes over a second (a large compile, certify's runs, an
 * answer waiting for a model): one live line with the elapsed seconds, redrawn in place and
 * erased when the work ends. Only on a terminal: piped and CI output stays exactly the
 * command's own, so logs and tests never see it. `--quiet` turns it off.
 */
import type { Writable } from 'node:stream';

/** Work shorter than this shows nothing. */
export const PROGRESS_DELAY_MS = 1_000;
const FRAMES = ['|', '/', '-', '\\'];

export interface Progress {
  /** Ends the line (erasing it when it was drawn). Safe to call twice. */
  stop(): void;
}

/**
 * Starts a progress line for `label` on `stream`, drawn only when it is a terminal. Work that
 * blocks the event loop (a synchronous compile) passes `delayMs: 0`: its line is drawn at once,
 * since no timer could fire until the work is over, and erased when it ends.
 */
export function startProgress(stream: Writable & { isTTY?: boolean }, label: string, opts: { quiet?: boolean; delayMs?: number } = {}): Progress {
  if (opts.quiet === true || stream.isTTY !== true) return { stop: () => undefined };
  const started = Date.now();
  let frame = 0;
  let drawn = false;
  let ticker: NodeJS.Timeout | undefined;
  const draw = () => {
    drawn = true;
    const seconds = Math.floor((Date.now() - started) / 1000);
    stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${label} (${seconds}s)`);
  };
  const begin = () => {
    draw();
    ticker = setInterval(draw, 250);
    ticker.unref();
  };
  const delay = setTimeout(begin, opts.delayMs ?? PROGRESS_DELAY_MS);
  delay.unref();
  if (opts.delayMs === 0) {
    clearTimeout(delay);
    begin();
  }
  return {
    stop() {
      clearTimeout(delay);
      if (ticker !== undefined) clearInterval(ticker);
      if (drawn) stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}

/** Runs `work` with a progress line for `label`, erased when it settles either way. */
export async function withProgress<T>(stream: Writable & { isTTY?: boolean }, label: string, quiet: boolean, work: () => Promise<T>): Promise<T> {
  const progress = startProgress(stream, label, { quiet });
  try {
    return await work();
  } finally {
    progress.stop();
  }
}
