/**
 * Where a Tier-2 draft is filed: layout, domain and entity (the middle of the suggested
 * contract id). Explicit tool arguments win (`proposedDomain`, `proposedEntity`, when they are
 * valid names); otherwise the domain of the best Tier-1 candidate, else of a block reading the
 * same tables, else the project's first domain; the entity is the singular PascalCase of the
 * first table the SQL reads. Deterministic: the same ask files the same way.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTables } from '../../../grammar/sql/index.js';
import type { Tier1Candidate } from '../../ask/types.js';
import type { Manifest } from '../../compiler/types.js';
import type { DraftLayout } from '../drafts/index.js';

const DOMAIN = /^[a-z][a-z0-9_]*$/;
const ENTITY = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Used only when the project has no domain at all yet. */
const FALLBACK_DOMAIN = 'adhoc';

export interface DraftTarget {
  layout: DraftLayout;
  domain: string;
  entity: string;
}

export interface TargetInput {
  root: string;
  manifest: Manifest;
  sql: string;
  driver: string;
  candidates: readonly Tier1Candidate[];
  proposedDomain?: string;
  proposedEntity?: string;
}

/** The project's layout: what its blocks use, else what folders exist (domain-first by default). */
export function projectLayout(root: string, manifest: Manifest): DraftLayout {
  const first = Object.values(manifest.blocks)[0];
  if (first !== undefined) return first.layout;
  return !existsSync(join(root, 'domains')) && existsSync(join(root, 'blocks')) ? 'legacy' : 'domain';
}

function tablesOf(sql: string, driver: string): string[] {
  try {
    return readTables(sql, driver);
  } catch {
    return [];
  }
}

function domainOf(input: TargetInput, tables: readonly string[]): string {
  if (input.proposedDomain !== undefined && DOMAIN.test(input.proposedDomain)) return input.proposedDomain;
  const blocks = input.manifest.blocks;
  const top = input.candidates.find((c) => Object.hasOwn(blocks, c.id));
  if (top !== undefined) return (blocks[top.id] as { domain: string }).domain;
  const sorted = Object.values(blocks).sort((a, b) => (a.id < b.id ? -1 : 1));
  const reader = sorted.find((b) => b.tables.some((t) => tables.includes(t)));
  if (reader !== undefined) return reader.domain;
  return sorted[0]?.domain ?? FALLBACK_DOMAIN;
}

/** `order_items` -> `OrderItem`, `categories` -> `Category`, `shop.orders` -> `Order`. */
export function entityOfTable(table: string): string {
  const last = table.split('.').pop() ?? table;
  const words = last
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const tail = words.pop();
  if (tail === undefined) return 'Result';
  const singular = tail.endsWith('ies')
    ? `${tail.slice(0, -3)}y`
    : tail.endsWith('ses') || tail.endsWith('xes')
      ? tail.slice(0, -2)
      : tail.endsWith('s') && !tail.endsWith('ss')
        ? tail.slice(0, -1)
        : tail;
  const name = [...words, singular].map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(name) ? name : `T${name}`;
}

/** Layout, domain and entity for the draft of this ask. */
export function draftTarget(input: TargetInput): DraftTarget {
  const tables = tablesOf(input.sql, input.driver);
  const entity = input.proposedEntity !== undefined && ENTITY.test(input.proposedEntity) ? input.proposedEntity : entityOfTable(tables[0] ?? 'result');
  return { layout: projectLayout(input.root, input.manifest), domain: domainOf(input, tables), entity };
}
