/**
 * Help text with each option's value named after the option (`--project <project>`) instead
 * of clipanion's positional placeholders (`--project #0`), the option table re-aligned.
 */
const OPTION_ROW = /^(\s{2})(-\S.*?)(\s{2,})(\S.*)$/;

export function namedValues(usage: string): string {
  const named = usage.replace(/(--?[A-Za-z][\w-]*)((?: #\d+)+)/g, (_, name: string) => `${name} <${name.replace(/^-+/, '')}>`);
  const lines = named.split('\n');
  const rows = lines.map((l) => OPTION_ROW.exec(l));
  const width = Math.max(0, ...rows.map((m) => (m === null ? 0 : (m[2] as string).length)));
  return lines
    .map((l, i) => {
      const m = rows[i];
      return m === null || m === undefined ? l : `${m[1]}${(m[2] as string).padEnd(width)}    ${m[4]}`;
    })
    .join('\n');
}
