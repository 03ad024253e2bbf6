// The connection is handed down by context, never imported as a singleton, so component tests
// can mount any screen with a fake: `mount(Screen, { context: clientContext(fake), ... })`.
import { getContext, setContext } from 'svelte';
import type { GameClient } from './types';

const KEY = Symbol('chronicle.game-client');

export function setGameClient(client: GameClient): void {
  setContext(KEY, client);
}

export function getGameClient(): GameClient {
  const client = getContext<GameClient | undefined>(KEY);
  if (!client) throw new Error('No GameClient in context: mount the screen under App or pass clientContext()');
  return client;
}

/** A context map holding `client`, for `mount(..., { context })`. */
export function clientContext(client: GameClient): Map<symbol, GameClient> {
  return new Map([[KEY, client]]);
}
