/**
 * The change to svc-contract-manifest.json that makes a promoted block's contract resolve,
 * as a unified diff (the `diff` package). Promotion prints it rather than writing the file:
 * the manifest is a shared, reviewed document. The new entry goes in id/version order and,
 * when the file lists one contract per line, as one more line in the same style, so the patch
 * is one added line instead of a reformatted file.
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

export interface ContractEntry {
  id: string;
  version: number;
  owner?: string;
  /** Columns the certified run returned. */
  outputs?: string[];
}

export interface ManifestPatch {
  path: string;
  before: string;
  after: string;
  /** Unified diff with a/ and b/ prefixes (`git apply` or `patch -p1` from the project root). */
  patch: string;
}

interface Listed {
  id: string;
  version: number;
}

function sortsBefore(a: Listed, b: Listed): boolean {
  return a.id < b.id || (a.id === b.id && a.version < b.version);
}

function entryObject(entry: ContractEntry): Record<string, unknown> {
  const out: Record<string, unknown> = { id: entry.id, version: entry.version };
  if (entry.owner !== undefined) out['owner'] = entry.owner;
  if (entry.outputs !== undefined) out['outputs'] = entry.outputs;
  return out;
}

/** Lines that each hold one whole contract object, or undefined when the layout differs. */
function oneLineEntries(lines: string[], contracts: Listed[]): number[] | undefined {
  const at: number[] = [];
  lines.forEach((line, i) => {
    const body = line.trim().replace(/,$/, '');
    if (!body.startsWith('{') || !body.endsWith('}')) return;
    try {
      const value = JSON.parse(body) as Partial<Listed>;
      if (typeof value.id === 'string' && typeof value.version === 'number') at.push(i);
    } catch {
      // not a whole object on this line
    }
  });
  return at.length === contracts.length && at.length > 0 ? at : undefined;
}

/** JSON with a space after each `:` and `,`, as hand-written one-line entries usually are. */
function spaced(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spaced).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spaced(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** One JSON line in the spacing the file already uses (`"id": "x", ...` or `"id":"x",...`). */
function styledLine(sample: string, entry: ContractEntry): string {
  return sample.includes('": ') ? spaced(entryObject(entry)) : JSON.stringify(entryObject(entry));
}

function insertLine(before: string, contracts: Listed[], entry: ContractEntry): string | undefined {
  const lines = before.split('\n');
  const at = oneLineEntries(lines, contracts);
  if (at === undefined) return undefined;
  const index = contracts.findIndex((c) => sortsBefore(entry, c));
  const sample = lines[at[0]!]!;
  const indent = /^\s*/.exec(sample)?.[0] ?? '';
  const line = `${indent}${styledLine(sample, entry)}`;
  if (index === -1) {
    const last = at[at.length - 1]!;
    lines[last] = `${lines[last]!.replace(/\s+$/, '')},`;
    lines.splice(last + 1, 0, line);
  } else {
    lines.splice(at[index]!, 0, `${line},`);
  }
  return lines.join('\n');
}

function rewritten(data: { contracts: Listed[] }, entry: ContractEntry, before: string): string {
  const contracts = [...data.contracts] as unknown[];
  const index = data.contracts.findIndex((c) => sortsBefore(entry, c));
  contracts.splice(index === -1 ? contracts.length : index, 0, entryObject(entry));
  const text = JSON.stringify({ ...data, contracts }, null, 2);
  return before.endsWith('\n') ? `${text}\n` : text;
}

/**
 * The patch that adds `entry` to the manifest text `before` (project-relative `path`);
 * undefined when the text is not a readable manifest or already lists the entry.
 */
export function contractManifestPatch(path: string, before: string, entry: ContractEntry): ManifestPatch | undefined {
  let data: { contracts?: unknown };
  try {
    data = JSON.parse(before) as { contracts?: unknown };
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || !Array.isArray(data.contracts)) return undefined;
  const contracts = data.contracts as Listed[];
  if (contracts.some((c) => c.id === entry.id && c.version === entry.version)) return undefined;
  const after = insertLine(before, contracts, entry) ?? rewritten({ ...data, contracts }, entry, before);
  const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
  return { path, before, after, patch };
}
