/**
 * The executor's connectors, one per connection name: opened on first use, reused until
 * closed. A connection that cannot be opened (no such name, no connector for its driver, a
 * missing database file) answers CONNECTION_UNAVAILABLE and is not cached, so the next
 * statement tries again once the file exists.
 */
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Connector, ConnectorFactory } from '../connectors/connector.js';
import { StatementError } from './types.js';

export class ConnectorRegistry {
  private readonly open = new Map<string, Connector>();

  constructor(
    private readonly root: string,
    private readonly config: SvcConfig | undefined,
    private readonly factories: Readonly<Record<string, ConnectorFactory>>,
  ) {}

  /** The connector of connection `name`, opened now if it is not open yet. */
  get(name: string): Connector {
    const existing = this.open.get(name);
    if (existing !== undefined) return existing;
    const connection = this.config?.connections?.[name];
    if (connection === undefined) throw new StatementError('CONNECTION_UNAVAILABLE', `There is no connection named "${name}" in svc.config.json.`);
    const factory = Object.hasOwn(this.factories, connection.driver) ? this.factories[connection.driver] : undefined;
    if (factory === undefined) throw new StatementError('CONNECTION_UNAVAILABLE', `No connector for driver "${connection.driver}" is available here.`);
    const connector = factory({ name, connection, root: this.root });
    this.open.set(name, connector);
    return connector;
  }

  /** Closes every open connector and forgets them. */
  async closeAll(): Promise<void> {
    const connectors = [...this.open.values()];
    this.open.clear();
    await Promise.all(connectors.map((c) => c.close()));
  }
}
