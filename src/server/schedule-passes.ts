/**
 * Schedule run passes (spec 03 "States": schedule run pass; Authentication 4): a schedule's page
 * runs are made over loopback HTTP under a pass, so they go through the same routes, App decision
 * and row policy as any reader, as the schedule's owner. A pass is 32 random bytes, accepted only
 * from this machine, only for that App's page runs, for 2 minutes, and revoked when its run ends.
 * Only a hash of each pass is kept, so the registry holds nothing a caller could replay.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Principal } from '../hooks/context/request-context.js';
import { isLoopbackHost } from '../loopback.js';

/** Schedule run pass lifetime (spec 03 Limits). */
export const PASS_LIFETIME_MS = 2 * 60 * 1000;
/** The header a pass travels in. */
export const PASS_HEADER = 'x-svc-schedule-pass';
/** The one route a pass opens. */
export const PASS_RULE = 'POST /api/apps/:appId/pages/:pageId/run';

export interface Pass {
  appId: string;
  scheduleId: string;
  principal: Principal;
  expiresAt: number;
}

/** Why a pass was refused, said in the refusal. */
export type PassRefusal = 'unknown' | 'expired' | 'not-loopback' | 'other-route' | 'other-app';

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export class SchedulePasses {
  private readonly passes = new Map<string, Pass>();
  constructor(private readonly now: () => number = Date.now) {}

  /** A new pass for one run of `scheduleId` of `appId` as `principal`, and its revocation. */
  issue(appId: string, scheduleId: string, principal: Principal): { token: string; revoke: () => void } {
    const token = randomBytes(32).toString('base64url');
    const key = hashOf(token);
    this.passes.set(key, { appId, scheduleId, principal, expiresAt: this.now() + PASS_LIFETIME_MS });
    return { token, revoke: () => this.passes.delete(key) };
  }

  /** The pass `token` opens for a request from `ip` to `rule` on `appId`, or why not. */
  check(token: string, at: { ip: string; rule: string | undefined; appId: string | undefined }): Pass | PassRefusal {
    const key = hashOf(token);
    const pass = this.passes.get(key);
    if (pass === undefined) return 'unknown';
    if (this.now() >= pass.expiresAt) {
      this.passes.delete(key);
      return 'expired';
    }
    if (!isLoopbackHost(at.ip)) return 'not-loopback';
    if (at.rule !== PASS_RULE) return 'other-route';
    if (at.appId !== pass.appId) return 'other-app';
    return pass;
  }
}
