/**
 * Tile and App trust, derived from run evidence by the `answer.trust` policy. The policy is a
 * decision table expressed as rules: each failing rule downgrades the tile, and the worst
 * finding decides - error = Blocked, warning = Needs review, info = Governed, none = Certified.
 * The header badge, the "N of M tiles certified" line, the story pill and every tile badge
 * read the one summary computed here.
 */
import type { Severity } from '../../grammar/diagnostics.js';
import { builtinPolicy } from './built-in-policies.js';
import { evaluatePolicy } from './evaluate.js';
import { type Facts, isDataTile } from './facts.js';
import type { Finding, Policy } from './policy.js';

export const TILE_TRUST_LABELS = ['Certified', 'Governed', 'Needs review', 'Blocked'] as const;
export type TileTrust = (typeof TILE_TRUST_LABELS)[number];
export type AppTrustLabel = TileTrust | 'Trust not checked yet';

const BY_SEVERITY: Record<Severity, TileTrust> = { info: 'Governed', warning: 'Needs review', error: 'Blocked' };

export interface TileTrustResult {
  tile: string;
  label: TileTrust;
  /** Why the tile is not Certified (empty when it is). */
  findings: Finding[];
}

/** Orders labels from best (0) to worst (3). */
export function trustRank(label: TileTrust): number {
  return TILE_TRUST_LABELS.indexOf(label);
}

function worse(a: TileTrust, b: TileTrust): TileTrust {
  return trustRank(b) > trustRank(a) ? b : a;
}

/**
 * Trust of one tile from its facts: tile, the source block as it is now, and the tile's run.
 * A project's merged answer.trust policy may be passed in; the built-in is used otherwise.
 */
export function tileTrust(facts: Facts, policy: Policy = builtinPolicy('answer.trust')): TileTrustResult {
  const findings = evaluatePolicy(policy, facts);
  const label = findings.reduce<TileTrust>((acc, f) => worse(acc, BY_SEVERITY[f.severity]), 'Certified');
  return { tile: facts.tile?.id ?? '', label, findings };
}

export interface AppTrustOptions {
  /** An App draft revision exists that has not been saved/applied. */
  appDraftPending: boolean;
  /** The page has run; before that the badge reads "Trust not checked yet". */
  ran: boolean;
  policy?: Policy;
}

export interface AppTrustSummary {
  label: AppTrustLabel;
  certified: number;
  total: number;
  /** "N of M tiles certified" */
  line: string;
  /** Every data tile ran from a certified source and no App draft is pending. */
  allCertifiedVerified: boolean;
  /** "All data certified and verified", only when allCertifiedVerified. */
  text?: string;
  /** Per data tile, in the given order; tile badges read these. */
  tiles: TileTrustResult[];
}

export const ALL_CERTIFIED_TEXT = 'All data certified and verified';

/**
 * One aggregate data trust for a page or App. Text tiles carry no data and are not counted.
 * With no data tiles there is nothing certified to claim, so the label is Governed.
 */
export function appTrustSummary(tiles: readonly Facts[], options: AppTrustOptions): AppTrustSummary {
  const data = tiles.filter((t) => t.tile !== undefined && isDataTile(t.tile));
  const results = data.map((t) => tileTrust(t, options.policy));
  const certified = options.ran ? results.filter((r) => r.label === 'Certified').length : 0;
  const total = results.length;
  const worst = results.reduce<TileTrust>((acc, r) => worse(acc, r.label), total > 0 ? 'Certified' : 'Governed');
  const allCertifiedVerified = options.ran && total > 0 && certified === total && !options.appDraftPending;
  const summary: AppTrustSummary = {
    label: options.ran ? worst : 'Trust not checked yet',
    certified,
    total,
    line: `${certified} of ${total} tiles certified`,
    allCertifiedVerified,
    tiles: results,
  };
  if (allCertifiedVerified) summary.text = ALL_CERTIFIED_TEXT;
  return summary;
}
