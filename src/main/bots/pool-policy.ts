// The worker pool as the host's bot policy: each bot seat is played at its own level by a bot
// that remembers what its seat has seen (keyed by table and seat; its randomness comes from the
// seat's secret seed, not from that key), and hints come from a fresh Master.
import type { BotPolicy, BotSeat } from './contract';
import type { BotPool } from './pool';

const seatKey = (seat: BotSeat): string => `${seat.tableId}:${seat.seat}`;

export function poolPolicy(pool: BotPool): BotPolicy {
  const policy: BotPolicy = (view, seat) => pool.decide(seat.level, seatKey(seat), view, { seed: seat.seed });
  policy.observe = (view, seat) => pool.observe(seatKey(seat), view);
  return policy;
}
