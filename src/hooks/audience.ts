/**
 * Who an answer is written for (spec 02 `audience`): `stakeholder` reads figures in words,
 * `analyst` also reads where they came from. Without the hook the request's own audience holds
 * (else the service default, `analyst`); with it, the host's `stakeholder` or `analyst` wins,
 * undefined leaves the request's, and a throw, a time-out or any other answer means
 * `stakeholder`: the plainer reading.
 */
import { askHost } from './ask-host.js';
import type { Asker } from './context/request-context.js';

export type Audience = 'stakeholder' | 'analyst';

/** The audience when neither the host nor the request names one. */
export const DEFAULT_AUDIENCE: Audience = 'analyst';

const isAudience = (v: unknown): v is Audience => v === 'stakeholder' || v === 'analyst';

/** The audience of the asker's answer; `requested` is the request body's. */
export async function answerAudience(asker: Asker, requested?: Audience): Promise<Audience> {
  const answer = await askHost(asker, 'audience', [], (v): v is Audience | undefined => v === undefined || isAudience(v));
  if (answer.kind === 'absent') return requested ?? DEFAULT_AUDIENCE;
  if (answer.kind !== 'ok') return 'stakeholder';
  return answer.value ?? requested ?? DEFAULT_AUDIENCE;
}
