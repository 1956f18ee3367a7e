/**
 * Request classification (spec 01 App Autopilot rule 7): before any evidence is gathered, the
 * person's words decide what an answer to them needs. A question about what a tile's figures
 * say needs the tile's current, settled result; a question about a tile that fails needs its
 * settled failure; anything else is a structural request and needs no evidence. The intent the
 * model answers is then held to it: an explanation of a result-class request, or repair guidance,
 * is kept only with current evidence, while a structural change never waits on evidence.
 */
export type RequestClass = 'result' | 'failure' | 'structure';

const FAILURE = /\b(fail(s|ed|ing|ure)?|error(s)?|broken|break(s)?|fix|repair|wrong|crash(es|ed)?|not (load|work|run)(ing|s)?)\b/i;
const RESULT =
  /\b(why|explain|what does .* (say|show)|how (many|much)|total(s)?|sum|subtotal|highest|lowest|biggest|smallest|top|most|least|compare|trend(s|ing)?|figure(s)?|number(s)?|value(s)?|average|mean|change(d)? (from|since))\b|\?/i;
const STRUCTURE =
  /\b(add|remove|delete|move|arrange|reorder|group|show (it|this|them) as|make (it|this)|turn|switch|link|navigate|drill|filter|chart|table|kpi|page|tile)\b/i;

export function classifyRequest(request: string): RequestClass {
  if (FAILURE.test(request)) return 'failure';
  // "Group it by channel?" asks for a change, whatever its punctuation.
  if (RESULT.test(request) && !STRUCTURE.test(request)) return 'result';
  return 'structure';
}

/** The evidence a class of request needs. */
export function evidenceNeeded(kind: RequestClass): 'none' | 'result' | 'failure' {
  return kind === 'structure' ? 'none' : kind;
}
