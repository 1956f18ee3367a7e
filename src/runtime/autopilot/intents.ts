/**
 * The bounded Autopilot intents (spec 01 App Autopilot rule 2), one JSON Schema each: a tile's
 * visualization or grouping, a page or tile added or removed, a filter mapped, a cross-filter, a
 * navigation, a detail drill, a layout arrangement, or a context-limited explanation or repair
 * guidance. The model answers one JSON object `{ "intent": <kind>, ... }`; `readIntent` refuses
 * anything else whole: not JSON or not an object of a known intent's shape is
 * AUTOPILOT_INTENT_MALFORMED, an unknown `intent` or a field no intent has (SQL, rows, a source
 * identity, raw operations) is AUTOPILOT_INTENT_OUT_OF_BOUNDS. Nothing is repaired or partly used.
 */
import { validatorFor } from '../../rules/ajv.js';
import { AutopilotError } from './autopilot-error.js';

const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;
const SOURCE = { type: 'string', minLength: 1, maxLength: 600 } as const;
const WORDS = { type: 'string', minLength: 1, maxLength: 2000 } as const;
const KIND = { enum: ['table', 'chart', 'kpi'] } as const;

const intent = (kind: string, required: readonly string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required: ['intent', ...required],
  additionalProperties: false,
  properties: { intent: { const: kind }, ...properties },
});

/** Each intent's schema, by its `intent` value (sorted). */
export const INTENT_SCHEMAS = {
  add_page: intent('add_page', ['title'], { title: ID }),
  add_tile: intent('add_tile', ['pageId', 'sourceId'], { pageId: ID, sourceId: SOURCE, kind: KIND, title: ID }),
  arrange_layout: intent('arrange_layout', ['pageId', 'order'], { pageId: ID, order: { type: 'array', minItems: 1, maxItems: 50, items: ID } }),
  change_grouping: intent('change_grouping', ['pageId', 'tileId', 'field'], { pageId: ID, tileId: ID, field: ID }),
  change_visualization: intent('change_visualization', ['pageId', 'tileId', 'kind'], { pageId: ID, tileId: ID, kind: KIND }),
  cross_filter: intent('cross_filter', ['pageId', 'fromTileId', 'field', 'targets'], {
    pageId: ID,
    fromTileId: ID,
    field: ID,
    targets: { type: 'object', minProperties: 1, maxProperties: 20, additionalProperties: ID },
  }),
  detail_drill: intent('detail_drill', ['pageId', 'tileId', 'sourceId', 'parameter'], { pageId: ID, tileId: ID, sourceId: SOURCE, parameter: ID }),
  explain: intent('explain', ['answer'], { answer: WORDS, pageId: ID, tileId: ID }),
  map_filter: intent('map_filter', ['pageId', 'filterId', 'tileId', 'parameter'], { pageId: ID, filterId: ID, tileId: ID, parameter: ID }),
  navigation: intent('navigation', ['pageId', 'tileId', 'toPageId'], { pageId: ID, tileId: ID, toPageId: ID }),
  remove_page: intent('remove_page', ['pageId'], { pageId: ID }),
  remove_tile: intent('remove_tile', ['pageId', 'tileId'], { pageId: ID, tileId: ID }),
  repair_guidance: intent('repair_guidance', ['pageId', 'tileId', 'guidance'], { pageId: ID, tileId: ID, guidance: WORDS }),
} as const;

export type IntentKind = keyof typeof INTENT_SCHEMAS;
export const INTENT_KINDS = Object.keys(INTENT_SCHEMAS) as IntentKind[];

/** Intents that change nothing: an explanation or repair guidance is only said. */
export const SAID_INTENTS: ReadonlySet<IntentKind> = new Set(['explain', 'repair_guidance']);

/** One intent as read: its kind and its fields, exactly as its schema allows. */
export type Intent = { intent: IntentKind } & Record<string, unknown>;

const malformed = (why: string) => new AutopilotError('AUTOPILOT_INTENT_MALFORMED', `The model's answer cannot be used: ${why}. Nothing was proposed.`);

function jsonOf(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(reply);
  try {
    return JSON.parse((fenced?.[1] ?? reply).trim());
  } catch {
    throw malformed('it is not JSON');
  }
}

/** The fields any intent may carry: a field outside them asks for something no intent gives. */
const KNOWN_FIELDS = new Set(Object.values(INTENT_SCHEMAS).flatMap((s) => Object.keys(s.properties)));

/** The one intent in `reply`; throws AUTOPILOT_INTENT_MALFORMED or AUTOPILOT_INTENT_OUT_OF_BOUNDS. */
export function readIntent(reply: string): Intent {
  const body = jsonOf(reply);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw malformed('it is not one JSON object');
  const b = body as Record<string, unknown>;
  const kind = b['intent'];
  const foreign = Object.keys(b).find((k) => !KNOWN_FIELDS.has(k));
  if (typeof kind !== 'string' || !Object.hasOwn(INTENT_SCHEMAS, kind) || foreign !== undefined)
    throw new AutopilotError(
      'AUTOPILOT_INTENT_OUT_OF_BOUNDS',
      `The model asked for ${foreign !== undefined ? `a field the Autopilot never takes (${foreign})` : 'something that is not an Autopilot intent'}; nothing was proposed.`,
    );
  if (!validatorFor(INTENT_SCHEMAS[kind as IntentKind])(b)) throw malformed(`it is not of the ${kind} intent's shape`);
  return b as Intent;
}
