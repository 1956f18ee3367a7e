/** The clipanion context every svc command receives; `cwd` lets tests run commands in-process. */
import type { BaseContext } from 'clipanion';

export interface SvcContext extends BaseContext {
  cwd: string;
}
