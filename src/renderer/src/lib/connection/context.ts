// The connection is handed down by context, never imported as a singleton, so component tests
// can mount any screen with a fake: `mount(Screen, { context: connectionContext(fake), ... })`.
// Each screen takes the parts it needs.
import { getContext, setContext } from 'svelte';
import type { HostConnection } from './types';

const KEY = Symbol('chronicle.connection');

export function setConnection(connection: HostConnection): void {
  setContext(KEY, connection);
}

export function getConnection(): HostConnection {
  const connection = getContext<HostConnection | undefined>(KEY);
  if (!connection) throw new Error('No connection in context: mount the screen under App or pass connectionContext()');
  return connection;
}

/** A context map holding `connection`, for `mount(..., { context })`. */
export function connectionContext(connection: HostConnection): Map<symbol, HostConnection> {
  return new Map([[KEY, connection]]);
}
