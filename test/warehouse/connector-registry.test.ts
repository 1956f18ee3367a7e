/**
 * Pooled personal connectors (spec 03 "Query path and safeguards"): pooled by their full
 * settings, at most 64 kept with the least recently used closed first, and each closed after
 * 30 minutes unused. A counting connector factory stands in for a driver; the clock is moved
 * by hand.
 */
import { describe, expect, it } from 'vitest';
import { ConnectorRegistry } from '../../src/warehouse/connector-registry.js';
import type { Connector, ConnectorFactory } from '../../src/warehouse/connectors/connector.js';

function counting() {
  const closed: string[] = [];
  let opened = 0;
  const factory: ConnectorFactory = (target) => {
    opened += 1;
    const id = String(target.connection['user']);
    const connector: Connector = {
      driver: 'fake',
      runStatement: async () => ({ columns: [], rows: [], truncated: false }),
      close: async () => void closed.push(id),
    };
    return connector;
  };
  return { factory, closed, opened: () => opened };
}

const config = { project: 'p', connections: { wh: { driver: 'fake', host: 'db' } } };

describe('personal connectors', () => {
  it('shares one connector between equal settings and never between different ones', () => {
    const c = counting();
    const registry = new ConnectorRegistry('/tmp', config, { fake: c.factory });
    const a = registry.getWith('wh', { user: 'ada' });
    expect(registry.getWith('wh', { user: 'ada' })).toBe(a);
    expect(registry.getWith('wh', { user: 'bob' })).not.toBe(a);
    expect(c.opened()).toBe(2);
  });

  it('keeps at most 64, closing the least recently used first', () => {
    const c = counting();
    const registry = new ConnectorRegistry('/tmp', config, { fake: c.factory });
    for (let i = 0; i < 64; i += 1) registry.getWith('wh', { user: `u${i}` });
    registry.getWith('wh', { user: 'u0' }); // u0 used again: u1 is now the oldest
    registry.getWith('wh', { user: 'u64' });
    expect(c.closed).toEqual(['u1']);
    expect(registry.personalCount).toBe(64);
  });

  it('closes a connector unused for 30 minutes, and only that one', () => {
    const c = counting();
    let now = 0;
    const registry = new ConnectorRegistry('/tmp', config, { fake: c.factory }, { now: () => now });
    registry.getWith('wh', { user: 'idle' });
    now = 20 * 60_000;
    registry.getWith('wh', { user: 'busy' });
    now = 30 * 60_000 - 1;
    registry.getWith('wh', { user: 'busy' });
    expect(c.closed).toEqual([]);
    now = 30 * 60_000;
    registry.getWith('wh', { user: 'busy' });
    expect(c.closed).toEqual(['idle']);
    expect(registry.personalCount).toBe(1);
    // Opening it again after it closed is a new connector.
    registry.getWith('wh', { user: 'idle' });
    expect(c.opened()).toBe(3);
  });
});
