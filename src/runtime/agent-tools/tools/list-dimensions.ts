/**
 * list_dimensions (semantic): the dimensions of the project, read from the blocks Tier 1 may
 * serve: columns a block groups by or charts on its category axis, and declared parameters
 * that filter rows (a row-limit parameter such as `top_n` is not a dimension); see
 * semantic-model.ts. Each dimension lists the blocks using it and how (group, axis, filter). A
 * project's other dbt model columns follow, labelled as context (transform-context.ts).
 */
import { z } from 'zod';
import { filterEntries, semanticModel } from '../semantic-model.js';
import { answer, defineTool } from '../tool.js';
import { transformColumns, transformField } from '../transform-context.js';

export const listDimensions = defineTool({
  name: 'list_dimensions',
  description:
    'Semantic: dimensions of the project from servable certified blocks (GROUP BY columns, chart category axes, declared filter parameters), each with the blocks using it and its role. Filter by domain or words.',
  readOnly: true,
  inputSchema: {
    domain: z.string().max(100).optional(),
    query: z.string().max(500).optional().describe('Words a dimension name should contain'),
  },
  async handler(args, ctx) {
    const dimensions = filterEntries(semanticModel(ctx.catalog).dimensions, { domain: args.domain, query: args.query });
    return answer({
      count: dimensions.length,
      dimensions,
      heuristic: 'GROUP BY columns, chart category axes and non-limit parameters of certified, servable blocks',
      ...transformField(transformColumns(ctx, 'dimension', args.query), ctx),
    });
  },
});
