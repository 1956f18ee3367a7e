/**
 * Editing an App's schedules from the web app (spec 03 Schedules): a schedule is written into the
 * App's own `svc.app.json` (`schedules`), so it is project content like any other and `svc app
 * check` reads what the server runs. Before anything is written it is checked as the compiler
 * checks it (the page is one of the App's, the cadence is five-field cron that cron-parser reads,
 * each recipient is an address or an http(s) webhook); a problem is a plain sentence, and nothing
 * is written. Editing keeps what the editor does not show (filters, monitors). With a host, the
 * person who saves a schedule becomes its owner, a new one or an edited one: a schedule runs as
 * its owner, so letting someone change where another person's figures go would send that
 * person's rows (as their row policy reads them) to whoever edited the recipients. A change sent
 * for review is the file's new text, committed on a review branch without writing the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cronProblem } from '../../compiler/project/app-schedules.js';
import type { CompiledApp, ScheduleRecipient } from '../../compiler/types.js';
import { atomicWrite } from '../../compiler/write-file.js';

export interface ScheduleEdit {
  page: string;
  cron: string;
  recipients: ScheduleRecipient[];
  /** The principal id the schedule runs as from now on (with a host, who saved it); absent, an edited schedule keeps its own. */
  owner?: string;
}

const ID = /^[a-z0-9][a-z0-9_-]*$/;
const ADDRESS = /^[^@\s]+@[^@\s]+$/;
const MAX_RECIPIENTS = 50;

function recipientProblem(r: ScheduleRecipient): string | undefined {
  if (r.kind === 'email') return ADDRESS.test(r.address) ? undefined : `"${r.address}" is not a mail address.`;
  try {
    const url = new URL(r.url);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : `The webhook "${r.url}" must be an http or https address.`;
  } catch {
    return `The webhook "${r.url}" is not a web address.`;
  }
}

/** Why `edit` cannot be schedule `id` of `app`, one sentence each; empty when it can. */
export function scheduleProblems(app: CompiledApp, id: string, edit: ScheduleEdit): string[] {
  const problems: string[] = [];
  if (!ID.test(id) || id.length > 64) problems.push('A schedule id is lowercase letters, digits, - and _ (at most 64), starting with a letter or digit.');
  if (!app.pages.some((p) => p.id === edit.page)) problems.push(`App ${app.id} has no page "${edit.page}".`);
  const cron = cronProblem(edit.cron);
  if (cron !== undefined) problems.push(`The cadence "${edit.cron}" is not five-field cron: ${cron}.`);
  if (edit.recipients.length > MAX_RECIPIENTS) problems.push(`A schedule has at most ${MAX_RECIPIENTS} recipients.`);
  for (const r of edit.recipients) {
    const problem = recipientProblem(r);
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

type Doc = Record<string, unknown> & { schedules?: Array<Record<string, unknown>> };

function readDoc(root: string, file: string): Doc {
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as Doc;
}

const textOf = (doc: Doc) => `${JSON.stringify(doc, null, 2)}\n`;

/** The App file's text with schedule `id` written in (replacing one of that id), and whether it is new; nothing is written. */
export function withSchedule(root: string, file: string, id: string, edit: ScheduleEdit): { text: string; created: boolean } {
  const doc = readDoc(root, file);
  const schedules = Array.isArray(doc.schedules) ? doc.schedules : [];
  const at = schedules.findIndex((s) => s['id'] === id);
  const kept = at >= 0 ? schedules[at] : {};
  const next = {
    ...kept,
    ...(edit.owner !== undefined ? { owner: edit.owner } : {}),
    id,
    page: edit.page,
    cron: edit.cron.trim(),
    recipients: edit.recipients,
  };
  doc.schedules = at >= 0 ? schedules.map((s, i) => (i === at ? next : s)) : [...schedules, next];
  return { text: textOf(doc), created: at < 0 };
}

/** The App file's text without schedule `id`; undefined when the file declares none of that id. Nothing is written. */
export function withoutSchedule(root: string, file: string, id: string): string | undefined {
  const doc = readDoc(root, file);
  const schedules = Array.isArray(doc.schedules) ? doc.schedules : [];
  if (!schedules.some((s) => s['id'] === id)) return undefined;
  doc.schedules = schedules.filter((s) => s['id'] !== id);
  return textOf(doc);
}

/** Writes schedule `id` into the App's file (replacing one of that id); answers whether it was new. */
export function writeSchedule(root: string, file: string, id: string, edit: ScheduleEdit): { created: boolean } {
  const { text, created } = withSchedule(root, file, id, edit);
  atomicWrite(join(root, file), text);
  return { created };
}

/** Removes schedule `id` from the App's file; false when the file declares none of that id. */
export function removeSchedule(root: string, file: string, id: string): boolean {
  const text = withoutSchedule(root, file, id);
  if (text === undefined) return false;
  atomicWrite(join(root, file), text);
  return true;
}
