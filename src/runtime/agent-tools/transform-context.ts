/**
 * The transformation project's columns beside the certified metrics and dimensions (spec 01,
 * Tier 2): dbt model columns whose names read as measures go with list_metrics, the others with
 * list_dimensions. Context only, labelled so: nothing here is a certified definition.
 */
import { termSet } from '../../ask/tokens.js';
import { transformModels } from '../transform/dbt-models.js';
import type { ToolContext } from './context.js';
import { MEASURE_NAME } from './semantic-model.js';

export interface TransformColumnEntry {
  name: string;
  /** The dbt model the column belongs to. */
  model: string;
  description: string;
  tests: string[];
  certified: false;
}

/** The models' columns of one kind, filtered by words of `query` in the column or model name. */
export function transformColumns(ctx: ToolContext, kind: 'metric' | 'dimension', query: string | undefined): TransformColumnEntry[] {
  const wanted = query === undefined ? undefined : termSet(query);
  const out: TransformColumnEntry[] = [];
  for (const model of transformModels(ctx.root, ctx.config)) {
    for (const c of model.columns) {
      if (MEASURE_NAME.test(c.name) !== (kind === 'metric')) continue;
      const have = termSet(`${c.name} ${model.name}`);
      if (wanted !== undefined && wanted.size > 0 && ![...wanted].some((t) => have.has(t))) continue;
      out.push({ name: c.name, model: model.name, description: c.description, tests: c.tests, certified: false });
    }
  }
  return out;
}

/** The answer field for a tool: present only when the project names a transformation project. */
export function transformField(entries: TransformColumnEntry[], ctx: ToolContext): Record<string, unknown> {
  if (transformModels(ctx.root, ctx.config).length === 0) return {};
  return { transformModels: { note: 'dbt model columns, context only: not certified definitions', columns: entries } };
}
