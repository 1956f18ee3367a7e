/**
 * feedback_record (telemetry): records a local thumbs up or down about an Ask run or a block in
 * `.svc/local/feedback.jsonl`. It never promotes, suppresses, certifies or changes a governed
 * hint: it writes that one git-ignored file and nothing else, and no part of svc reads it back
 * to route, gate or rank. Free text is not taken, so no question or answer prose lands on disk.
 *
 * Append is atomic per line: the whole line goes down in one write on a descriptor opened with
 * O_APPEND, so concurrent writers interleave whole lines, never parts of them (the bounded
 * fields keep a line far below the size where a single write could be split).
 *
 * Capped (README "Local stores"): a write that takes the file past FEEDBACK_MAX_BYTES renames it
 * to `feedback.jsonl.1` (replacing the one before), so the two files never hold much more than
 * twice the cap and the newest entries are always kept.
 */
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { answer, defineTool, refuse } from '../tool.js';

export const FEEDBACK_FILE = '.svc/local/feedback.jsonl';
/** Size past which the feedback file is set aside as `feedback.jsonl.1`. */
export const FEEDBACK_MAX_BYTES = 4 * 1024 * 1024;

export interface FeedbackEntry {
  runId?: string;
  blockId?: string;
  thumbs: 'up' | 'down';
  /** ISO 8601. */
  at: string;
}

/** Appends one entry; returns the project-relative path written. */
export function appendFeedback(root: string, entry: FeedbackEntry, maxBytes = FEEDBACK_MAX_BYTES): string {
  const path = join(root, FEEDBACK_FILE);
  mkdirSync(join(root, '.svc/local'), { recursive: true });
  // Fixed key order, so the file reads the same whoever wrote it.
  const line = `${JSON.stringify({ ...(entry.runId !== undefined ? { runId: entry.runId } : {}), ...(entry.blockId !== undefined ? { blockId: entry.blockId } : {}), thumbs: entry.thumbs, at: entry.at })}\n`;
  const fd = openSync(path, 'a', 0o644);
  try {
    writeSync(fd, Buffer.from(line, 'utf8'));
    fsyncSync(fd);
    // One rename, atomic: a writer still holding the old file appends to the set-aside copy.
    if (fstatSync(fd).size > maxBytes) renameSync(path, `${path}.1`);
  } finally {
    closeSync(fd);
  }
  return FEEDBACK_FILE;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

export const feedbackRecord = defineTool({
  name: 'feedback_record',
  description:
    'Telemetry: record a local thumbs up or down for an Ask run (runId) and/or a block (blockId) in .svc/local/feedback.jsonl. A receipt only: never promotes, suppresses, certifies or changes trust, status or any governed hint.',
  readOnly: false,
  inputSchema: {
    runId: z.string().regex(ID).optional().describe('The Ask run id the feedback is about'),
    blockId: z.string().regex(ID).optional().describe('The block id the feedback is about'),
    thumbs: z.enum(['up', 'down']),
  },
  async handler(args, ctx) {
    if (args.runId === undefined && args.blockId === undefined)
      return refuse('FEEDBACK_TARGET_REQUIRED', 'Say what the feedback is about: a runId, a blockId or both.');
    if (args.blockId !== undefined && ctx.catalog.block(args.blockId) === undefined) {
      return refuse('BLOCK_NOT_FOUND', `There is no block ${args.blockId} in this project.`, { block: args.blockId });
    }
    const entry = {
      ...(args.runId !== undefined ? { runId: args.runId } : {}),
      ...(args.blockId !== undefined ? { blockId: args.blockId } : {}),
      thumbs: args.thumbs,
      at: ctx.now().toISOString(),
    };
    const file = appendFeedback(ctx.root, entry);
    return answer({ recorded: entry, file, trustChanged: false });
  },
});
