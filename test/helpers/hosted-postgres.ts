/**
 * A hosted server over a fresh PostgreSQL for tests of how a host's hooks see its names: the
 * set-up statements run as the server's superuser, the project connects as the role `reader`,
 * and proposed SQL is asked through the one Ask route as a signed-in person.
 */
import type { HostHooks } from '../../src/hooks/hooks.js';
import type { HostedCommerce } from './hosted-commerce.js';
import type { PostgresServer } from './postgres-server.js';
import { makeProject } from './project.js';

/** Runs `setup` on `pg`, then starts a hosted server with `hooks` on a project reading it as `reader`; its URL. */
export async function hostedOnPostgres(
  hosted: HostedCommerce,
  hooks: Partial<HostHooks>,
  pg: PostgresServer,
  project: string,
  setup: readonly string[],
): Promise<string> {
  for (const sql of setup) await pg.client.query(sql);
  const root = makeProject({
    'svc.config.json': JSON.stringify({
      project,
      connections: { default: { driver: 'postgresql', host: '127.0.0.1', port: pg.port, user: 'reader', database: 'postgres' } },
    }),
  });
  return (await hosted.start(hooks, root)).server.url;
}

/** `sql` proposed by `user` with `question`: the rows as joined text, and the refusal code when refused. */
export async function proposedAs(url: string, user: string, question: string, sql: string): Promise<{ rows: string[]; refusal?: string }> {
  const res = await fetch(`${url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify({ question, proposedSql: sql }),
  });
  const body = (await res.json()) as { rows?: Array<Record<string, unknown>>; refusal?: { code: string } };
  return { rows: (body.rows ?? []).map((r) => Object.values(r).join()), refusal: body.refusal?.code };
}
