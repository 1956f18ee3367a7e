/** The hosted client's state, handed to every screen (single-user pages read `{ kind: 'ready' }` of no host). */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { HostState } from './host.js';

export const HostContext = createContext<HostState>({ kind: 'ready', map: { host: false } });

export function useHost(): HostState {
  return useContext(HostContext);
}
