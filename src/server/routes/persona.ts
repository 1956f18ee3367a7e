/**
 * POST /api/persona (spec 02 rules 7-8; spec 03 Endpoints; action `app.author`, since only
 * authors are offered View as): sets or clears the caller's own persona on this server
 * (persona-slots.ts). From the next request on, App policies check the persona's groups
 * (src/hooks/app-access.ts) and every cache key carries it. A viewer link has no persona.
 * GET /api/persona answers the caller's persona now, so View as shows it after a reload (it
 * lives in the server's memory, not in the page).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ownerKey } from '../../hooks/context/request-context.js';
import { PERSONA_READ_ROUTE, PERSONA_ROUTE, type PersonaAnswer, type PersonaRequest } from '../contract/persona.js';
import type { RouteOptions } from '../deps.js';
import { ApiError } from '../errors.js';

export const personaRoute: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  app.get<{ Reply: PersonaAnswer }>('/api/persona', { schema: PERSONA_READ_ROUTE }, async (request) => {
    const principal = request.asker?.principal;
    const key = ownerKey(principal);
    const persona = key === null || principal?.source === 'link' ? undefined : deps.personas?.get(key);
    return {
      persona: persona === undefined ? null : { id: persona.id, groups: [...persona.groups], ...(persona.label !== undefined ? { label: persona.label } : {}) },
    };
  });
  app.post<{ Body: PersonaRequest; Reply: PersonaAnswer }>('/api/persona', { schema: PERSONA_ROUTE }, async (request) => {
    const principal = request.asker?.principal;
    const key = ownerKey(principal);
    if (key === null || principal?.source === 'link') throw new ApiError(401, 'SIGN_IN_REQUIRED', 'A persona belongs to a person: sign in first.');
    const given = request.body.persona;
    const persona =
      given === null ? undefined : { id: given.id, groups: [...new Set(given.groups)], ...(given.label !== undefined ? { label: given.label } : {}) };
    deps.personas?.set(key, persona);
    return { persona: persona ?? null };
  });
};
