/**
 * A schedule's cadence as the editor offers it: a simple frequency (every hour, every day at a
 * time, every week on a day at a time, all UTC) or five-field cron as written. The server keeps
 * only cron (svc.app.json `schedules[].cron`) and checks it; this reads a cron the simple choices
 * make back into them, so editing a schedule shows the choice it was made with.
 */

export type Every = 'hour' | 'day' | 'week' | 'cron';

export interface Cadence {
  every: Every;
  /** `HH:MM` in UTC, for a day or a week. */
  time: string;
  /** 0 (Sunday) to 6, for a week. */
  weekday: number;
  /** The cron text, for `cron`. */
  cron: string;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const DEFAULT_CADENCE: Cadence = { every: 'day', time: '08:00', weekday: 1, cron: '' };

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** The cron the cadence stands for; a time that does not read is sent as written, for the server to refuse. */
export function cronOf(c: Cadence): string {
  if (c.every === 'cron') return c.cron.trim();
  if (c.every === 'hour') return '0 * * * *';
  const time = TIME.exec(c.time);
  const [minute, hour] = time === null ? [c.time, c.time] : [String(Number(time[2])), String(Number(time[1]))];
  return c.every === 'day' ? `${minute} ${hour} * * *` : `${minute} ${hour} * * ${c.weekday}`;
}

const pad = (n: string) => n.padStart(2, '0');

/** The simple choice `cron` was made with, else `cron` as written. */
export function cadenceOf(cron: string): Cadence {
  const f = cron.trim().split(/\s+/);
  const simple = f.length === 5 && /^\d+$/.test(f[0] ?? '') && f[2] === '*' && f[3] === '*';
  if (simple && f[1] === '*' && f[4] === '*' && f[0] === '0') return { ...DEFAULT_CADENCE, every: 'hour', cron };
  if (!simple || !/^\d+$/.test(f[1] ?? '')) return { ...DEFAULT_CADENCE, every: 'cron', cron };
  const time = `${pad(f[1] ?? '0')}:${pad(f[0] ?? '0')}`;
  if (f[4] === '*') return { ...DEFAULT_CADENCE, every: 'day', time, cron };
  return /^[0-6]$/.test(f[4] ?? '') ? { every: 'week', time, weekday: Number(f[4]), cron } : { ...DEFAULT_CADENCE, every: 'cron', cron };
}

/** The cadence in words: "Every day at 08:00 UTC", or the cron as written. */
export function describeCadence(cron: string): string {
  const c = cadenceOf(cron);
  if (c.every === 'hour') return 'Every hour';
  if (c.every === 'day') return `Every day at ${c.time} UTC`;
  if (c.every === 'week') return `Every ${WEEKDAYS[c.weekday]} at ${c.time} UTC`;
  return `Cron ${cron} (UTC)`;
}
