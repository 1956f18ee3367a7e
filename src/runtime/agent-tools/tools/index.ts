/**
 * The agent tools' registry (spec 01's tool table): one file per tool in this folder, listed here
 * sorted by name. The MCP server and the HTTP agent-tools route both serve exactly this list.
 */
import type { AnyTool } from '../tool.js';
import { answerQuestion } from './answer-question.js';
import { certify } from './certify.js';
import { feedbackRecord } from './feedback-record.js';
import { getBlock } from './get-block.js';
import { kgSearch } from './kg-search.js';
import { lineageImpact } from './lineage-impact.js';
import { listDimensions } from './list-dimensions.js';
import { listMetrics } from './list-metrics.js';
import { listProposalsTool } from './list-proposals.js';
import { queryViaBlock } from './query-via-block.js';
import { queryViaMetadata } from './query-via-metadata.js';
import { searchBlocks } from './search-blocks.js';
import { suggestBlock } from './suggest-block.js';

/** Every agent tool, sorted by name; tools/list shows them in this order. */
export const TOOLS: readonly AnyTool[] = [
  answerQuestion,
  certify,
  feedbackRecord,
  getBlock,
  kgSearch,
  lineageImpact,
  listDimensions,
  listMetrics,
  listProposalsTool,
  queryViaBlock,
  queryViaMetadata,
  searchBlocks,
  suggestBlock,
];
