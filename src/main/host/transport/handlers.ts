// The client events of one connection, in one registry typed against the protocol: a handler
// missing, extra or answering the wrong shape does not compile. Each handler survives any
// input: a missing or non-function ack, a payload of any type or size. The payload is parsed
// with its schema first; the seat always comes from the connection's binding; any exception is
// caught, logged and answered INTERNAL. Replies go to the sender only.
import type { ClientEvent, ClientToServerEvents, Refusal, Reply } from '../../../shared/protocol/events';
import { type ParsedPayload, SCHEMAS } from '../../../shared/protocol/schemas';
import { type SecretGuards, beginPin, beginToken, tokenWait } from '../guards/attempts';
import type { Log } from '../log';
import { orderForClient } from '../lan-urls';
import { refuse } from '../wire/refusal';
import type { TableRegistry } from '../tables/registry';
import { limitRefusal } from '../guards/table-limits';
import type { HostSocket } from './socket-types';
import { LOBBY_ROOM } from './connections';
import { isStorageFailure } from '../table-file/store';
import type { Table } from '../table/table';
import { type Analyser, AnalysisBusy, ReplaySession } from '../replay/replay-session';
import type { AddressBudgets, CostlyRequest } from '../guards/budgets';
import type { DeviceIds } from '../guards/devices';
import { seatOf } from '../../../shared/ids';

/** The reply an event's ack expects. */
type ReplyOf<E extends ClientEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** Who sent the event, and the tables it may reach. */
interface Sender {
  readonly socket: HostSocket;
  /** The client's address, for the bounds per address. */
  readonly address: string;
  /** The client's device (devices.ts), for the bounds per device. */
  readonly device: string;
  readonly registry: TableRegistry;
  /** The tables in memory by id (the registry's): the table a connection is bound to is looked up here. */
  readonly tables: ReadonlyMap<string, Table>;
  readonly context: HostContext;
}

type Handler<E extends ClientEvent> = (payload: ParsedPayload<E>, from: Sender) => Promise<ReplyOf<E>> | ReplyOf<E>;

/** The table this connection is bound to, or a refusal. */
function bound<R>(from: Sender, run: (t: Table) => Promise<R>): Promise<R | Refusal> | Refusal {
  const binding = from.socket.data.binding;
  if (!binding) return refuse('NOT_SEATED');
  const table = from.tables.get(binding.tableId);
  return table ? run(table) : refuse('TABLE_CLOSED');
}

/** A table by id; a game parked on disk is loaded back first. */
async function tableById<R>(from: Sender, id: string, run: (t: Table) => Promise<R>): Promise<R | Refusal> {
  const table = await from.registry.open(id);
  return table ? run(table) : refuse('NO_TABLE');
}

/** Refused for now: the wait goes in the message (people, logs) and in `retryAfterMs` (clients). */
const waitRefusal = (ms: number): Refusal => ({ ...refuse('TOO_MANY_ATTEMPTS', `try again in ${Math.ceil(ms / 1000)} s`), retryAfterMs: ms });

/**
 * A request that checks a secret, within the guessing limits. The invite secret (from the
 * table's link) is never limited: the table checks it. A typed PIN is limited per address
 * and per table, and refused unseen while either waits. A seat token is always looked at: the
 * right one is taken at once; a wrong one from an address that guessed too much lately is
 * answered with the wait.
 */
async function guessing<R extends Reply<object>>(from: Sender, secret: 'pin' | 'token', table: Table, run: () => Promise<R>, invite?: string): Promise<R | Refusal> {
  if (secret === 'pin' && (table.model.header.pin === null || invite !== undefined)) return run();
  const { guards } = from.context;
  if (secret === 'token') {
    const wait = tokenWait(guards, from);
    if (wait > 0) {
      const reply = await run();
      return reply.ok || reply.code !== 'BAD_TOKEN' ? reply : waitRefusal(wait);
    }
  }
  const gate = secret === 'pin' ? beginPin(guards, table.id, from) : beginToken(guards, from);
  if (!gate.ok) return waitRefusal(gate.retryAfterMs);
  let reply: R | undefined;
  try {
    reply = await run();
    return reply;
  } finally {
    gate.settle(reply !== undefined && (reply.ok || reply.code !== (secret === 'pin' ? 'WRONG_PIN' : 'BAD_TOKEN')));
  }
}

/** Events that cost the host real work, each within its budget per device (budgets.ts), taken before anything else. */
const COSTS: { readonly [E in ClientEvent]?: CostlyRequest } = {
  'game:hint': 'hint',
  'replay:analyse': 'analysis',
  'archive:export': 'export',
  'replay:open': 'replay',
  'table:knock': 'knock',
};

/** The refusal of an event whose budget this device has spent; null when it may go on. */
function overBudget(event: ClientEvent, from: Sender): Refusal | null {
  const kind = COSTS[event];
  const { budgets } = from.context;
  if (kind === undefined || budgets.take(kind, from.device, from.address)) return null;
  const seconds = budgets.waitSeconds(kind);
  return { ...refuse('TOO_MANY_REQUESTS', `this device asked for too many of these lately: try again in ${seconds} s`), retryAfterMs: seconds * 1000 };
}

/** The host's own machine: loopback. */
const isLocal = (address: string): boolean => address.startsWith('127.') || address === '::1';

/** The owner of a table recovered from a damaged file hears, once, how much was lost. */
function tellRecovery({ socket, registry }: Sender, t: Table): void {
  const recovery = registry.takeRecoveryNotice(t.id);
  if (recovery) socket.emit('table:recovered', { tableId: t.id, lostActions: recovery.lostActions });
}

const HANDLERS: { readonly [E in ClientEvent]: Handler<E> } = {
  'table:list': (_, { socket, registry }) => {
    void socket.join(LOBBY_ROOM);
    return { ok: true, tables: registry.list(socket.data.binding?.tableId) };
  },
  'table:create': async (p, { socket, registry, address, device }) => {
    let table: Table;
    try {
      table = await registry.create({ name: p.name, players: p.players, options: p.options, pin: p.pin, hints: p.hints, botDelayMs: p.botDelayMs }, false, { address, device });
    } catch (e) {
      const refusal = limitRefusal(e);
      if (refusal) return refusal;
      throw e;
    }
    const seated = await table.join(socket.id, { name: p.playerName, pin: p.pin, seat: seatOf(0) });
    if (!seated.ok) await registry.dispose(table, true);
    return seated;
  },
  'table:join': (p, from) => tableById(from, p.tableId, (t) => guessing(from, 'pin', t, () => t.join(from.socket.id, p), p.invite)),
  'table:resume': async (p, from) => {
    const resume = async (t: Table) => {
      const reply = await guessing(from, 'token', t, () => t.resume(from.socket.id, p.token));
      if (reply.ok && t.model.owner !== null && reply.seat === t.model.owner) tellRecovery(from, t);
      return reply;
    };
    // A finished table that played again while this player was away: their seat is in the new game.
    const asked = from.registry.get(p.tableId);
    const again = asked && asked.model.phase !== 'over' ? undefined : await from.registry.rematches.playingAgain(p.tableId, p.token);
    return again ? resume(again) : tableById(from, p.tableId, resume);
  },
  'table:spectate': (p, from) =>
    tableById(from, p.tableId, async (t) => {
      const reply = await guessing(from, 'pin', t, () => t.spectate(from.socket.id, p), p.invite);
      // A board that comes (back) to a finished table after it played again is told the new one.
      const next = reply.ok && t.model.phase === 'over' ? from.registry.rematches.playedAgainAt(t.id) : undefined;
      return next && reply.ok ? { ...reply, next: { tableId: next.id, ...next.invite() } } : reply;
    }),
  'table:knock': (p, from) => tableById(from, p.tableId, (t) => t.knock(from.socket.id, { address: from.address, device: from.device }, p.name)),
  'table:answerKnock': (p, from) => bound(from, (t) => t.answerKnock(from.socket.id, p.id, p.admit)),
  'table:leave': (_, from) => bound(from, (t) => t.leave(from.socket.id)),
  'table:addBot': (p, from) => bound(from, (t) => t.addBot(from.socket.id, p.seat, p.level)),
  'table:removeBot': (p, from) => bound(from, (t) => t.removeBot(from.socket.id, p.seat)),
  'table:autoBot': (p, from) => bound(from, (t) => t.setAutoBot(from.socket.id, p.afterS)),
  'table:removePlayer': (p, from) => bound(from, (t) => t.removePlayer(from.socket.id, p.seat)),
  'table:start': (_, from) => bound(from, (t) => t.start(from.socket.id)),
  'seat:giveToBot': (p, from) => bound(from, (t) => t.giveToBot(from.socket.id, p.seat, p.level)),
  'seat:takeBack': (_, from) => bound(from, (t) => t.takeBack(from.socket.id)),
  'game:act': (p, from) =>
    bound(from, async (t) => {
      const reply = await t.act(from.socket.id, p);
      if (reply.ok) from.socket.data.bucket.refund(); // an accepted move is paced by the game, not a flood
      return reply;
    }),
  'game:sync': (_, from) => bound(from, (t) => t.sync(from.socket.id)),
  'table:react': (p, from) => bound(from, (t) => Promise.resolve(t.react(from.socket.id, p.reaction))),
  'game:hint': (_, from) => bound(from, (t) => t.hint(from.socket.id)),
  'archive:list': async (p, { registry, address }) => ({ ok: true, games: await registry.finishedGames({ tokens: p?.tokens ?? [], local: isLocal(address) }) }),
  'archive:export': async (p, { registry, address }) => {
    const record = await registry.finishedRecord(p.tableId, { tokens: p.token === undefined ? [] : [p.token], local: isLocal(address) });
    return record ? { ok: true, record } : refuse('NO_TABLE');
  },
  'host:addresses': (_, { address, context }) => ({
    ok: true,
    urls: orderForClient(context.reachableAddresses(), address).map((a) => `http://${a}:${context.port()}`),
  }),
  'game:record': (_, from) => bound(from, (t) => Promise.resolve(t.finishedRecord(from.socket.id))),
  'table:rematch': (_, from) => bound(from, (t) => from.registry.rematches.play(t, from.socket.id)),
  'replay:open': (p, { socket }) => {
    const opened = ReplaySession.open(p.record);
    if (!opened.ok) return refuse('BAD_RECORD', opened.message.slice(0, 200));
    const r = (socket.data.replay = opened.session);
    return { ok: true, players: r.players, last: r.last, actors: r.actors, failure: r.failure, ...(r.names ? { names: r.names } : {}) };
  },
  'replay:step': (p, { socket }) => replaying(socket, (r) => ({ ok: true, ...r.step(p.version, p.viewer) })),
  'replay:log': (p, { socket }) => replaying(socket, (r) => ({ ok: true, log: r.log(p.viewer) })),
  'replay:analyse': (p, from) =>
    replaying(from.socket, async (r) => {
      const { analyse, log } = from.context;
      if (!analyse) return refuse('HINTS_UNAVAILABLE');
      try {
        const analysis = await r.analyseWith(analyse, p.version);
        return analysis === 'wait' ? refuse('ANALYSIS_BUSY', 'too many of your analyses are waiting: try again in a moment') : { ok: true, analysis };
      } catch (e) {
        if (e instanceof AnalysisBusy) return refuse('ANALYSIS_BUSY', 'the Master is busy: try again in a moment');
        log.warn(`replay analysis failed: ${(e as Error).message}`);
        return refuse('HINTS_UNAVAILABLE');
      }
    }),
};

/** The record this connection opened, or a refusal. */
function replaying<R>(socket: HostSocket, run: (r: ReplaySession) => R): R | Refusal {
  const session = socket.data.replay;
  return session ? run(session) : refuse('NO_REPLAY');
}

const EVENTS = Object.keys(HANDLERS) as ClientEvent[];

/** Events that hand out or restore a secret: without an ack the secret would be lost, so they do nothing. */
const NEEDS_ACK: ReadonlySet<ClientEvent> = new Set(['table:create', 'table:join', 'table:resume']);

type AnyAck = (reply: ReplyOf<ClientEvent>) => void;

/** The client's address as the host sees it (an IPv4 client on an IPv6 socket shows as ::ffff:a.b.c.d). */
export const clientAddress = (socket: HostSocket): string => socket.handshake.address.replace(/^::ffff:(?=\d+\.)/i, '');

/** What the handlers need from the host besides its tables. */
export interface HostContext {
  readonly log: Log;
  readonly guards: SecretGuards;
  /** The LAN addresses this host can be reached on now (none when only on loopback). */
  readonly reachableAddresses: () => readonly string[];
  readonly port: () => number;
  /** Where replay analyses run (the bot pool); without it they are refused. */
  readonly analyse?: Analyser;
  /** The budgets per device for hints, analyses, exports and replays. */
  readonly budgets: AddressBudgets;
  /** Tells the devices behind one address apart. */
  readonly devices: DeviceIds;
}

export function registerHandlers(socket: HostSocket, registry: TableRegistry, context: HostContext): void {
  const { log } = context;
  const address = clientAddress(socket);
  const auth: unknown = socket.handshake.auth;
  const claimed = typeof auth === 'object' && auth !== null ? (auth as { device?: unknown }).device : undefined;
  const from: Sender = { socket, address, device: context.devices.keyOf(address, claimed), registry, tables: registry.byId, context };

  async function answer<E extends ClientEvent>(event: E, raw: unknown, ack: AnyAck | null): Promise<void> {
    let reply: ReplyOf<ClientEvent>;
    try {
      if (!ack && NEEDS_ACK.has(event)) return;
      const parsed = SCHEMAS[event].safeParse(raw);
      const spent = overBudget(event, from);
      if (spent) {
        reply = spent;
      } else if (!parsed.success) {
        const issue = parsed.error.issues[0];
        reply = refuse('BAD_REQUEST', `${event}: ${issue?.code ?? 'invalid'} at ${issue?.path.join('.') || 'payload'}`.slice(0, 120));
      } else {
        const handler: Handler<E> = HANDLERS[event];
        reply = await handler(parsed.data as ParsedPayload<E>, from);
      }
    } catch (e) {
      if (isStorageFailure(e)) {
        // A table that could not be written is not made (store.ts leaves no file behind).
        reply = refuse('STORAGE_FAILED', "the host's disk is full: nothing was made or changed");
      } else {
        log.error(`${event} failed`, e);
        reply = refuse('INTERNAL');
      }
    }
    if (!ack) return;
    try {
      ack(reply);
    } catch (e) {
      log.error(`${event}: replying failed`, e);
    }
  }

  for (const event of EVENTS) {
    socket.on(event, (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (args.pop() as AnyAck) : null;
      void answer(event, args[0], ack);
    });
  }
  socket.on('disconnect', () => socket.data.binding?.detach());
}
