/**
 * The executor's connectors, one per connection name: opened on first use, reused until
 * closed. A connection that cannot be opened (no such name, no connector for its driver, a
 * missing database file) answers CONNECTION_UNAVAILABLE and is not cached, so the next
 * statement tries again once the file exists.
 */
import type { SvcConfig } from '../compiler/project/config.js';
import type { Connector, ConnectorFactory } from './connectors/connector.js';
import { StatementError } from './types.js';

/** Connectors opened with a person's own settings kept at once; the least recently used is closed past this. */
const PERSONAL_CONNECTORS = 64;
/** A person's connector unused this long is closed (spec 03: pooled connectors close after 30 minutes unused). */
const IDLE_MS = 30 * 60 * 1000;

export interface RegistryClock {
  /** Milliseconds now; tests move it. */
  now: () => number;
}

export class ConnectorRegistry {
  private readonly open = new Map<string, Connector>();
  /** Connectors of a person's settings laid over a connection, pooled by their full settings. */
  private readonly personal = new Map<string, Connector>();
  /** When each personal connector was last handed out, in the order of `personal`. */
  private readonly lastUsed = new Map<string, number>();

  constructor(
    private readonly root: string,
    private readonly config: SvcConfig | undefined,
    private readonly factories: Readonly<Record<string, ConnectorFactory>>,
    private readonly clock: RegistryClock = { now: () => Date.now() },
  ) {}

  /** Closes the personal connectors unused for IDLE_MS (the map is in order of last use). */
  private sweep(now: number): void {
    for (const [key, used] of this.lastUsed) {
      if (now - used < IDLE_MS) break;
      const connector = this.personal.get(key);
      this.personal.delete(key);
      this.lastUsed.delete(key);
      void connector?.close();
    }
  }

  private touch(key: string, now: number): void {
    this.lastUsed.delete(key);
    this.lastUsed.set(key, now);
  }

  /** How many personal connectors are open (for tests and the bench). */
  get personalCount(): number {
    return this.personal.size;
  }

  /**
   * The connector of connection `name` with `overlay` laid over its settings (the driver kept),
   * pooled by the full settings, so two people with equal settings share one and different
   * settings never do.
   */
  getWith(name: string, overlay: Record<string, string | number | boolean> | undefined): Connector {
    if (overlay === undefined) return this.get(name);
    const connection = this.config?.connections?.[name];
    if (connection === undefined) throw new StatementError('CONNECTION_UNAVAILABLE', `There is no connection named "${name}" in svc.config.json.`);
    const settings = { ...connection, ...overlay, driver: connection.driver };
    const key = JSON.stringify([name, Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : 1))]);
    const now = this.clock.now();
    this.sweep(now);
    const existing = this.personal.get(key);
    if (existing !== undefined) {
      this.touch(key, now);
      this.personal.delete(key);
      this.personal.set(key, existing);
      return existing;
    }
    const factory = Object.hasOwn(this.factories, connection.driver) ? this.factories[connection.driver] : undefined;
    if (factory === undefined) throw new StatementError('CONNECTION_UNAVAILABLE', `No connector for driver "${connection.driver}" is available here.`);
    const connector = factory({ name, connection: settings, root: this.root });
    this.personal.set(key, connector);
    this.touch(key, now);
    if (this.personal.size > PERSONAL_CONNECTORS) {
      const [oldestKey, oldest] = this.personal.entries().next().value as [string, Connector];
      this.personal.delete(oldestKey);
      this.lastUsed.delete(oldestKey);
      void oldest.close();
    }
    return connector;
  }

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
    const connectors = [...this.open.values(), ...this.personal.values()];
    this.open.clear();
    this.personal.clear();
    this.lastUsed.clear();
    await Promise.all(connectors.map((c) => c.close()));
  }
}
