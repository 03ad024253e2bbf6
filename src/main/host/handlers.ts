// The client events of one connection. Each handler survives any input: a missing or
// non-function ack, a payload of any type or size. The payload is parsed with its schema
// first; the seat always comes from the connection's binding; any exception is caught,
// logged and answered INTERNAL. Replies go to the sender only.
import type { ClientEvent, Reply } from '../../shared/protocol/events';
import { type ParsedPayload, SCHEMAS } from '../../shared/protocol/schemas';
import { type SecretGuards, beginAll } from './attempts';
import type { Log } from './clock';
import { TooManyTables, type TableRegistry } from './registry';
import type { HostSocket } from './socket-types';
import type { Table } from './table';

type AnyReply = Reply<object>;
type Handler<E extends ClientEvent> = (payload: ParsedPayload<E>) => Promise<AnyReply> | AnyReply;

const refuse = (
  code: 'BAD_REQUEST' | 'INTERNAL' | 'NO_TABLE' | 'NOT_SEATED' | 'TOO_MANY_TABLES' | 'TOO_MANY_ATTEMPTS',
  message: string = code,
) =>
  ({ ok: false, code, message }) as const;

/** Events that hand out or restore a secret: without an ack the secret would be lost, so they do nothing. */
const NEEDS_ACK: ReadonlySet<ClientEvent> = new Set(['table:create', 'table:join', 'table:resume']);

/** The client's address as the host sees it (an IPv4 client on an IPv6 socket shows as ::ffff:a.b.c.d). */
export const clientAddress = (socket: HostSocket): string => socket.handshake.address.replace(/^::ffff:(?=\d+\.)/i, '');

export function registerHandlers(socket: HostSocket, registry: TableRegistry, log: Log, guards: SecretGuards): void {
  const address = clientAddress(socket);
  const on = <E extends ClientEvent>(event: E, handler: Handler<E>): void => {
    (socket as unknown as { on(e: string, l: (...args: unknown[]) => void): void }).on(event, (...args) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (r: AnyReply) => void) : null;
      void answer(event, args[0], ack, handler);
    });
  };

  async function answer<E extends ClientEvent>(event: E, raw: unknown, ack: ((r: AnyReply) => void) | null, handler: Handler<E>) {
    let reply: AnyReply;
    try {
      if (!ack && NEEDS_ACK.has(event)) return;
      const parsed = SCHEMAS[event].safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        reply = refuse('BAD_REQUEST', `${event}: ${issue?.code ?? 'invalid'} at ${issue?.path.join('.') || 'payload'}`.slice(0, 120));
      } else {
        reply = await handler(parsed.data as ParsedPayload<E>);
      }
    } catch (e) {
      log.error(`${event} failed`, e);
      reply = refuse('INTERNAL');
    }
    if (!ack) return;
    try {
      ack(reply);
    } catch (e) {
      log.error(`${event}: replying failed`, e);
    }
  }

  /** The table this connection is bound to, or a refusal. */
  const bound = (run: (t: Table) => Promise<AnyReply>): Promise<AnyReply> | AnyReply => {
    const table = socket.data.binding?.table;
    return table ? run(table) : refuse('NOT_SEATED');
  };
  const tableById = (id: string, run: (t: Table) => Promise<AnyReply>): Promise<AnyReply> | AnyReply => {
    const table = registry.get(id);
    return table ? run(table) : refuse('NO_TABLE');
  };

  on('table:list', () => {
    void socket.join('lobby');
    return { ok: true, tables: registry.list() };
  });
  on('table:create', async (p) => {
    let table: Table;
    try {
      table = await registry.create({ name: p.name, players: p.players, options: p.options, pin: p.pin, hints: p.hints }, false);
    } catch (e) {
      if (e instanceof TooManyTables) return refuse('TOO_MANY_TABLES');
      throw e;
    }
    const seated = await table.join(socket, { name: p.playerName, pin: p.pin, seat: 0 });
    if (!seated.ok) await registry.dispose(table, true);
    return seated;
  });
  /**
   * A request that checks a secret, within the guessing limits: a PIN per table and per
   * address, a seat token per address. Refused unseen while the table or address is waiting.
   */
  const guessing = async (secret: 'pin' | 'token', table: Table, run: () => Promise<AnyReply>): Promise<AnyReply> => {
    if (secret === 'pin' && table.model.header.pin === null) return run();
    const gate =
      secret === 'pin'
        ? beginAll([
            [guards.tables, table.id],
            [guards.addresses, `pin:${address}`],
          ])
        : guards.addresses.begin(`token:${address}`);
    if (!gate.ok) return refuse('TOO_MANY_ATTEMPTS', `try again in ${Math.ceil(gate.retryAfterMs / 1000)} s`);
    let reply: AnyReply | undefined;
    try {
      reply = await run();
      return reply;
    } finally {
      gate.settle(reply !== undefined && (reply.ok || reply.code !== (secret === 'pin' ? 'WRONG_PIN' : 'BAD_TOKEN')));
    }
  };

  /** The owner of a table recovered from a damaged file hears, once, how much was lost. */
  const tellRecovery = (t: Table): void => {
    const recovery = registry.takeRecoveryNotice(t.id);
    if (recovery) socket.emit('table:recovered', { tableId: t.id, lostActions: recovery.lostActions });
  };

  on('table:join', (p) => tableById(p.tableId, (t) => guessing('pin', t, () => t.join(socket, p))));
  on('table:resume', (p) =>
    tableById(p.tableId, async (t) => {
      const reply = await guessing('token', t, () => t.resume(socket, p.token));
      if (reply.ok && t.model.owner !== null && (reply as { seat?: number }).seat === t.model.owner) tellRecovery(t);
      return reply;
    }),
  );
  on('table:spectate', (p) => tableById(p.tableId, (t) => guessing('pin', t, () => t.spectate(socket, p.pin))));
  on('table:leave', () => bound((t) => t.leave(socket)));
  on('table:addBot', (p) => bound((t) => t.addBot(socket, p.seat, p.level)));
  on('table:removeBot', (p) => bound((t) => t.removeBot(socket, p.seat)));
  on('table:start', () => bound((t) => t.start(socket)));
  on('seat:giveToBot', (p) => bound((t) => t.giveToBot(socket, p.seat, p.level)));
  on('seat:takeBack', () => bound((t) => t.takeBack(socket)));
  on('game:act', (p) => bound((t) => t.act(socket, p)));
  on('game:sync', () => bound((t) => t.sync(socket)));
  on('game:hint', () => bound((t) => t.hint(socket)));

  socket.on('disconnect', () => socket.data.binding?.table.detach(socket));
}
