/**
 * Colour for text output, decided once per run: on only when stdout is a terminal, NO_COLOR
 * (any non-empty value) turns it off and FORCE_COLOR (anything but "0" or "false") turns it
 * on, as the conventions at no-color.org and force-color.org ask. JSON, SARIF and piped
 * output never carry escape codes unless FORCE_COLOR says so. picocolors writes the codes.
 */
import pc from 'picocolors';

export type Paint = ReturnType<typeof pc.createColors>;

let current: Paint = pc.createColors(false);

/** Whether a run writing to `stream` under `env` should colour its text. */
export function colorWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (force === '0' || force === 'false') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** Sets the colours every renderer uses for the rest of this run. */
export function useColors(enabled: boolean): void {
  current = pc.createColors(enabled);
}

/** The colours of this run (no-ops when colour is off). */
export function paint(): Paint {
  return current;
}
