/**
 * Hosted servers on copies of the commerce fixture for the host-hook tests: the person is named by
 * the `x-user` header (ada when absent), hooks time out after 150 ms, and every server started is
 * closed by `closeAll()`.
 */
import { type HostHooks, type LocalServer, startHostedServer } from '../../src/host.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

export interface HostedCommerce {
  start(hooks?: Partial<HostHooks>, project?: string): Promise<{ server: LocalServer; root: string }>;
  closeAll(): Promise<void>;
}

export function hostedCommerce(): HostedCommerce {
  const servers: LocalServer[] = [];
  return {
    async start(hooks = {}, project) {
      const root = project ?? (await commerceProject());
      const server = await startHostedServer({
        project: root,
        port: 0,
        log: () => undefined,
        hostHookTimeoutMs: 150,
        hostHooks: { resolvePrincipal: (req) => ({ id: String(req.headers['x-user'] ?? 'ada'), kind: 'person' }), ...hooks },
      });
      servers.push(server);
      return { server, root };
    },
    closeAll: async () => void (await Promise.all(servers.map((s) => s.close()))),
  };
}
