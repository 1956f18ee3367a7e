/**
 * `listProposals`: the review queue of the promotion loop (spec 01 "Agent tools",
 * `list_proposals`; rule 12 step 2): every draft declaration in a `_drafts` folder, most asked
 * first (ties by path, then name), optionally only those asked at least N times. Read-only.
 */
import { readDraftFiles } from './draft-files.js';

export interface Proposal {
  /** `<domain>.<name>`, when the draft declares its domain. */
  id?: string;
  name: string;
  domain?: string;
  /** Project-relative path of the draft file. */
  path: string;
  status?: string;
  description?: string;
  askedTimes: number;
  askedAt?: string;
  answerFingerprint?: string;
  /** The contract id a promotion binds by default (`_proposed.contract_id`). */
  contractId?: string;
  /** False when the file does not parse: it needs fixing before review. */
  readable: boolean;
  /** The command that promotes it once reviewed. */
  certifyCommand: string;
}

export interface ListProposalsOptions {
  askedAtLeastTimes?: number;
}

function byAskedThenPath(a: Proposal, b: Proposal): number {
  if (a.askedTimes !== b.askedTimes) return b.askedTimes - a.askedTimes;
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Drafts ranked by asked_times descending. */
export function listProposals(root: string, options: ListProposalsOptions = {}): Proposal[] {
  const minimum = options.askedAtLeastTimes ?? 0;
  const out: Proposal[] = [];
  for (const file of readDraftFiles(root)) {
    for (const d of file.declarations) {
      if (d.askedTimes < minimum) continue;
      const p: Proposal = {
        name: d.name,
        path: file.path,
        askedTimes: d.askedTimes,
        readable: file.readable,
        certifyCommand: `svc certify --from-draft ${file.path}`,
      };
      if (d.domain !== undefined) {
        p.domain = d.domain;
        p.id = `${d.domain}.${d.name}`;
      }
      if (d.status !== undefined) p.status = d.status;
      if (d.description !== undefined) p.description = d.description;
      if (d.askedAt !== undefined) p.askedAt = d.askedAt;
      if (d.answerFingerprint !== undefined) p.answerFingerprint = d.answerFingerprint;
      if (d.contractId !== undefined) p.contractId = d.contractId;
      out.push(p);
    }
  }
  return out.sort(byAskedThenPath);
}
