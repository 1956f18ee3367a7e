/**
 * Answer text on App pages (spec 03 "Answers, figures and sources" 2; spec 02
 * `figuresDependOnReader`, `keepsAnswerText`):
 * - `figuresDependOnReader({ relations })`: whether an answer's figures differ by who reads them,
 *   told the tables the answer's statement read as the engine's catalog names them. No host: no.
 *   A host without the hook: yes when it has a row policy or its own credentials. With the hook
 *   only a clear `false` is no: a throw, a late or other answer, or a table the catalog cannot
 *   name is yes.
 * - `keepsAnswerText(principal, { appId })`: who may still read answer text an App page keeps.
 *   No host: the one local person may. A host without the hook: only someone authorized for
 *   `app.author` on the App and for `dataset.certify`. A throw, a late or other answer: no.
 */

import { authorizeAction } from './authorize-action.js';
import { callHook } from './call-hook.js';
import { catalogTables, type RelationResolver, type SourceStatement } from './catalog-tables.js';
import type { Asker } from './context/request-context.js';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/**
 * Whether figures read by `statements` may differ by reader. The hook is told their tables as
 * the engine's catalog names them (catalog-tables.ts); when the statements are not known
 * (undefined) or one table cannot be named, the figures depend on the reader, without asking.
 */
export async function figuresDependOnReader(asker: Asker, resolver: RelationResolver, statements: readonly SourceStatement[] | undefined): Promise<boolean> {
  const host = asker?.host;
  if (host === undefined) return false;
  const hook = host.hooks.figuresDependOnReader;
  if (hook === undefined) return host.hooks.rowPolicy !== undefined || host.hooks.credentials !== undefined;
  const relations = statements === undefined ? undefined : await catalogTables(resolver, asker, statements);
  if (relations === undefined) return true;
  const outcome = await callHook({
    name: 'figuresDependOnReader',
    invoke: () => hook.call(host.hooks, { relations }),
    accept: isBoolean,
    timeoutMs: host.timeoutMs,
    log: host.log,
  });
  return outcome.kind === 'ok' ? outcome.value : true;
}

/** Asks `authorize` for one action; anything but a clear allow is no. */
async function allowed(asker: Asker, action: string, resource: { kind: 'app' | 'project'; id?: string }): Promise<boolean> {
  const context = asker;
  if (context?.host === undefined || context.principal === undefined) return false;
  return (await authorizeAction(context.host, context.principal, action, resource)).allow;
}

/** Whether the asker reads the answer text kept on App `appId`'s pages. */
export async function keepsAnswerText(asker: Asker, appId: string): Promise<boolean> {
  const context = asker;
  const host = context?.host;
  if (host === undefined) return true;
  const principal = context?.principal;
  if (principal === undefined) return false;
  const hook = host.hooks.keepsAnswerText;
  if (hook === undefined)
    return (await allowed(asker, 'app.author', { kind: 'app', id: appId })) && (await allowed(asker, 'dataset.certify', { kind: 'project' }));
  const outcome = await callHook({
    name: 'keepsAnswerText',
    invoke: () => hook.call(host.hooks, principal, { appId }),
    accept: isBoolean,
    timeoutMs: host.timeoutMs,
    log: host.log,
  });
  return outcome.kind === 'ok' && outcome.value;
}
