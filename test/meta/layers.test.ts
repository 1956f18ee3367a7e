/**
 * The wings and their one-way walls (DESIGN.md section 10): an import may point down the pipeline
 * `grammar -> compiler -> rules -> (ask, hooks, traces, warehouse) -> runtime -> server -> cli`,
 * or sideways between the four middle wings along the arrows listed below (traces <- hooks <-
 * warehouse; ask stands alone), never up; and no two
 * folders import each other's values, directly or round a loop. The web app is bundled apart and
 * may read the server's HTTP contract for its types only. Fixtures below show each rule failing.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importEdges, readSources } from './import-graph.js';

const REPO = join(import.meta.dirname, '..', '..');

/** Each wing by path prefix (longest first wins), with its rank in the pipeline. */
const WINGS: ReadonlyArray<readonly [prefix: string, wing: string, rank: number]> = [
  ['grammar/', 'grammar', 0],
  ['src/source-asset.ts', 'grammar', 0],
  ['src/loopback.ts', 'grammar', 0],
  ['src/compiler/', 'compiler', 1],
  ['src/rules/', 'rules', 2],
  ['src/ask/', 'ask', 3],
  ['src/hooks/', 'hooks', 3],
  ['src/traces/', 'traces', 3],
  ['src/warehouse/', 'warehouse', 3],
  ['src/runtime/', 'runtime', 4],
  ['src/server/', 'server', 5],
  ['src/cli/', 'cli', 6],
  ['src/index.ts', 'public', 7],
  ['src/host.ts', 'public', 7],
  ['src/web/', 'web', -1],
];

/** Sideways arrows between wings of one rank: the only ones allowed. */
const SIDEWAYS: ReadonlySet<string> = new Set(['hooks -> traces', 'warehouse -> hooks']);

/** What the web app may import from outside itself, types only. */
const WEB_MAY_READ = 'src/server/contract/';

function wingOf(path: string): { wing: string; rank: number } | undefined {
  let best: (typeof WINGS)[number] | undefined;
  for (const w of WINGS) if (path.startsWith(w[0]) && (best === undefined || w[0].length > best[0].length)) best = w;
  return best && { wing: best[1], rank: best[2] };
}

/** Every import that points up the pipeline or sideways against the arrows. */
function wallBreaches(edges: readonly ImportEdge[]): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const a = wingOf(e.from);
    const b = wingOf(e.to);
    if (!a || !b || a.wing === b.wing) continue;
    const line = `${e.from} -> ${e.to} (${a.wing} -> ${b.wing})`;
    if (a.wing === 'web') {
      if (!(e.typeOnly && e.to.startsWith(WEB_MAY_READ))) out.push(line);
    } else if (b.wing === 'web' || b.rank > a.rank) out.push(line);
    else if (b.rank === a.rank && !SIDEWAYS.has(`${a.wing} -> ${b.wing}`)) out.push(line);
  }
  return out.sort();
}

/** A file's folder; a file directly in `src/` is a room of its own (the public faces, the asset locator). */
const folderOf = (path: string): string => (/^src\/[^/]+$/.test(path) ? path : path.slice(0, path.lastIndexOf('/')));

/** Groups of folders that import each other's values, each group sorted (Tarjan's components). */
function folderCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.typeOnly) continue;
    const [a, b] = [folderOf(e.from), folderOf(e.to)];
    if (a === b) continue;
    next.set(a, (next.get(a) ?? new Set()).add(b));
    if (!next.has(b)) next.set(b, new Set());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return groups;
}

const SOURCES = readSources(REPO, ['grammar', 'src']);
const EDGES = importEdges(SOURCES);

describe('the wings of the source tree', () => {
  it('reads the import graph (a sanity floor, so an empty graph cannot pass)', () => {
    expect(SOURCES.size).toBeGreaterThan(300);
    expect(EDGES.length).toBeGreaterThan(1_000);
    expect(EDGES.some((e) => e.typeOnly)).toBe(true);
    for (const path of SOURCES.keys()) expect(wingOf(path), `${path} belongs to no wing`).toBeDefined();
  });

  it('has no import pointing up the pipeline or against the sideways arrows', () => {
    expect(wallBreaches(EDGES)).toEqual([]);
  });

  it('has no two folders importing each other’s values', () => {
    expect(folderCycles(EDGES)).toEqual([]);
  });
});

describe('the checks themselves (fixtures)', () => {
  const withFile = (path: string, text: string) => importEdges(new Map([...SOURCES, [path, text]]));

  it('catches a compiler file importing the server', () => {
    const edges = withFile('src/compiler/oops.ts', "import { buildServer } from '../server/start/build-server.js';\n");
    expect(wallBreaches(edges)).toEqual(['src/compiler/oops.ts -> src/server/start/build-server.ts (compiler -> server)']);
  });

  it('catches a type-only import up the pipeline too', () => {
    const edges = withFile('src/rules/oops.ts', "import type { Manifest } from '../runtime/agent-runs/types.js';\n");
    expect(wallBreaches(edges)).toHaveLength(1);
  });

  it('catches a sideways import against the arrows (hooks -> warehouse)', () => {
    const edges = withFile('src/hooks/oops.ts', "export { createExecutor } from '../warehouse/executor.js';\n");
    expect(wallBreaches(edges)).toEqual(['src/hooks/oops.ts -> src/warehouse/executor.ts (hooks -> warehouse)']);
  });

  it('lets the web app read the HTTP contract for types only', () => {
    const files = new Map([
      ['src/server/contract/blocks.ts', 'export const x = 1;\n'],
      ['src/web/ok.ts', "import type { X } from '../server/contract/blocks.js';\n"],
      ['src/web/bad.ts', "import { x } from '../server/contract/blocks.js';\n"],
    ]);
    expect(wallBreaches(importEdges(files))).toEqual(['src/web/bad.ts -> src/server/contract/blocks.ts (web -> server)']);
  });

  it('catches two folders importing each other, and a loop of three', () => {
    const files = new Map([
      ['src/runtime/a/one.ts', "import { two } from '../b/two.js';\nexport const one = two;\n"],
      ['src/runtime/b/two.ts', "import { three } from '../c/three.js';\nexport const two = three;\n"],
      ['src/runtime/c/three.ts', "import { one } from '../a/one.js';\nexport const three = one;\n"],
      ['src/runtime/d/four.ts', "import type { one } from '../a/one.js';\nexport const four = 4;\n"],
      ['src/runtime/a/five.ts', "import { four } from '../d/four.js';\nexport const five = four;\n"],
    ]);
    expect(folderCycles(importEdges(files))).toEqual([['src/runtime/a', 'src/runtime/b', 'src/runtime/c']]);
  });

  it('reads multi-line, mixed and dynamic imports', () => {
    const files = new Map([
      ['src/a/x.ts', 'export const x = 1;\nexport type X = number;\n'],
      ['src/b/y.ts', "import {\n  type X,\n  x,\n} from '../a/x.js';\nconst later = () => import('../a/x.js');\n"],
      ['src/b/z.ts', "import { type X } from '../a/x.js';\n// import { x } from '../a/x.js';\n"],
    ]);
    expect(importEdges(files)).toEqual([
      { from: 'src/b/y.ts', to: 'src/a/x.ts', typeOnly: false },
      { from: 'src/b/y.ts', to: 'src/a/x.ts', typeOnly: false },
      { from: 'src/b/z.ts', to: 'src/a/x.ts', typeOnly: true },
    ]);
  });
});
