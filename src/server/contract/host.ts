/**
 * The host's routes for the app (spec 02, spec 03 "Host routes"): the capability map
 * (`GET /api/host/ui`), Home cards and directory groups, one answer's facts
 * (`GET /api/host/answers/:runId`) and the host's review status of answers
 * (`POST /api/host/answer-status`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses } from './errors.js';

const LINK = {
  type: 'object',
  required: ['label', 'href'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    href: { type: 'string' },
    badge: { type: 'integer' },
    icon: { type: 'string', enum: ['inbox', 'requests', 'review', 'work', 'health', 'admin', 'people', 'git', 'link'] },
  },
} as const;
export type HostLink = FromSchema<typeof LINK>;

/** The host's UI additions, each kept to its shape by the server. */
const UI = {
  type: 'object',
  additionalProperties: false,
  properties: {
    signOutUrl: { type: 'string' },
    links: {
      type: 'object',
      required: ['nav', 'menu'],
      additionalProperties: false,
      properties: { nav: { type: 'array', items: LINK }, menu: { type: 'array', items: LINK } },
    },
    answerActions: {
      type: 'array',
      maxItems: 4,
      items: {
        type: 'object',
        required: ['label', 'url', 'on'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          label: { type: 'string' },
          url: { type: 'string' },
          description: { type: 'string' },
          on: { type: 'array', minItems: 1, items: { type: 'string', enum: ['review', 'unanswered', 'answered'] } },
        },
      },
    },
    environment: { type: 'string' },
    banner: {
      type: 'object',
      required: ['text', 'tone', 'links'],
      additionalProperties: false,
      properties: { text: { type: 'string' }, tone: { type: 'string', enum: ['info', 'caution'] }, links: { type: 'array', items: LINK } },
    },
    audience: { type: 'string', const: 'reader' },
    appNotFound: { type: 'object', required: ['message'], additionalProperties: false, properties: { message: { type: 'string' }, next: LINK } },
  },
} as const;

/** `GET /api/host/ui`: `{ host: false }` without a host; with one, the person, the UI additions and each action's capability. */
export const HOST_MAP = {
  type: 'object',
  required: ['host'],
  additionalProperties: false,
  properties: {
    host: { type: 'boolean' },
    person: {
      type: 'object',
      required: ['id'],
      additionalProperties: false,
      properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    },
    ui: UI,
    capabilities: { type: 'object', additionalProperties: { type: 'boolean' } },
    refusals: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: false, properties: { reason: { type: 'string' }, next: LINK } },
    },
  },
} as const;
export type HostMap = FromSchema<typeof HOST_MAP>;

export const HOST_UI_ROUTE = { response: { 200: HOST_MAP, ...errorResponses() } } as const;

/** `GET /api/host/home-cards`: at most 8 cards. */
export const HOME_CARDS = {
  type: 'object',
  required: ['cards'],
  additionalProperties: false,
  properties: {
    cards: {
      type: 'array',
      maxItems: 8,
      items: {
        type: 'object',
        required: ['title', 'items'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          text: { type: 'string' },
          href: { type: 'string' },
          /** At most eight, each plain text with a status and a same-origin link. */
          items: {
            type: 'array',
            maxItems: 8,
            items: {
              type: 'object',
              required: ['label'],
              additionalProperties: false,
              properties: { label: { type: 'string' }, status: { type: 'string' }, href: { type: 'string' } },
            },
          },
        },
      },
    },
  },
} as const;
export type HomeCards = FromSchema<typeof HOME_CARDS>;

export const HOME_CARDS_ROUTE = { response: { 200: HOME_CARDS, ...errorResponses() } } as const;

/** `GET /api/host/groups`: the directory groups an author may pick; `available` false when the hook failed. */
export const GROUPS = {
  type: 'object',
  required: ['groups', 'available'],
  additionalProperties: false,
  properties: {
    available: { type: 'boolean' },
    groups: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: { type: 'string' }, name: { type: 'string' } } },
    },
  },
} as const;
export type Groups = FromSchema<typeof GROUPS>;

export const GROUPS_ROUTE = { response: { 200: GROUPS, ...errorResponses() } } as const;

const RUN_ID = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const ANSWER_FACTS_PARAMS = { type: 'object', required: ['runId'], additionalProperties: false, properties: { runId: RUN_ID } } as const;
export const ANSWER_FACTS_QUERY = { type: 'object', additionalProperties: false, properties: { values: { enum: ['0', '1'] } } } as const;

/** The facts of one of the caller's answers; `values` only with `?values=1`, for its owner, never when figures are withheld. */
export const ANSWER_FACTS = {
  type: 'object',
  required: ['runId', 'question', 'status', 'trust', 'tables', 'traceId', 'sources'],
  additionalProperties: false,
  properties: {
    runId: { type: 'string' },
    question: { type: 'string' },
    status: { type: 'string' },
    tier: { type: 'integer', enum: [1, 2, 3] },
    trust: { type: 'string', enum: ['certified', 'review_required', 'refused'] },
    at: { type: 'string' },
    sql: { type: 'string' },
    sqlFrom: { type: 'string' },
    sqlFingerprint: { type: 'string' },
    sqlSha256: { type: 'string' },
    tables: { type: 'array', items: { type: 'string' } },
    traceId: { type: 'string' },
    sources: { type: 'array', items: { type: 'string' } },
    refusalCode: { type: 'string' },
    figuresWithheld: { type: 'boolean' },
    values: {
      type: 'object',
      additionalProperties: false,
      properties: {
        text: { type: 'string' },
        columns: { type: 'array', items: { type: 'string' } },
        rows: { type: 'array', maxItems: 500, items: { type: 'object', additionalProperties: true } },
        rowCount: { type: 'integer' },
      },
    },
  },
} as const;
export type AnswerFacts = FromSchema<typeof ANSWER_FACTS>;

export const ANSWER_FACTS_ROUTE = {
  params: ANSWER_FACTS_PARAMS,
  querystring: ANSWER_FACTS_QUERY,
  response: { 200: ANSWER_FACTS, ...errorResponses(400, 404) },
} as const;

/** The host's review states of an answer. */
export const ANSWER_STATES = ['requested', 'in_progress', 'checked', 'certified', 'declined'] as const;

export const ANSWER_STATUS_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['runIds'],
  properties: { runIds: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: RUN_ID } },
} as const;
export type AnswerStatusRequest = FromSchema<typeof ANSWER_STATUS_BODY>;

const ANSWER_STATUS = {
  type: 'object',
  required: ['state', 'label', 'href'],
  additionalProperties: false,
  properties: { state: { type: 'string', enum: ANSWER_STATES }, label: { type: 'string' }, detail: { type: 'string' }, href: { type: 'string' } },
} as const;

/** Run id to status, for the caller's own runs only; `available` false when the hook failed. */
export const ANSWER_STATUSES = {
  type: 'object',
  required: ['available', 'statuses'],
  additionalProperties: false,
  properties: { available: { type: 'boolean' }, statuses: { type: 'object', additionalProperties: ANSWER_STATUS } },
} as const;
export type AnswerStatuses = FromSchema<typeof ANSWER_STATUSES>;

export const ANSWER_STATUS_ROUTE = { body: ANSWER_STATUS_BODY, response: { 200: ANSWER_STATUSES, ...errorResponses(400) } } as const;
