/**
 * list_metrics (semantic): the metrics of the project, read from the blocks Tier 1 may serve:
 * output columns computed by an aggregate (SUM, COUNT, AVG, ...) that the block does not group
 * by; see semantic-model.ts for the whole heuristic. Each metric lists the blocks computing it,
 * with the aggregate and the block's grain. A project's dbt model columns that read as measures
 * follow, labelled as context (transform-context.ts).
 */
import { z } from 'zod';
import { filterEntries, semanticModel } from '../semantic-model.js';
import { answer, defineTool } from '../tool.js';
import { transformColumns, transformField } from '../transform-context.js';

export const listMetrics = defineTool({
  name: 'list_metrics',
  description:
    'Semantic: metrics of the project from servable certified blocks (aggregated output columns such as revenue or orders), each with the blocks computing it, its aggregate and grain. Filter by domain or words.',
  readOnly: true,
  inputSchema: {
    domain: z.string().max(100).optional(),
    query: z.string().max(500).optional().describe('Words a metric name should contain'),
  },
  async handler(args, ctx) {
    const metrics = filterEntries(semanticModel(ctx.catalog).metrics, { domain: args.domain, query: args.query });
    return answer({
      count: metrics.length,
      metrics,
      heuristic: 'aggregated output columns of certified, servable blocks, not grouped by',
      ...transformField(transformColumns(ctx, 'metric', args.query), ctx),
    });
  },
});
