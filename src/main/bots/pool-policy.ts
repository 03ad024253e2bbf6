// The worker pool as the host's bot policy: each bot seat is played at its own level by a bot
// that remembers what its seat has seen, and hints come from a fresh Master.
import type { BotPolicy, BotSeat } from './contract';
import type { BotPool } from './pool';

const seatKey = (seat: BotSeat): string => `${seat.tableId}:${seat.seat}`;

export function poolPolicy(pool: BotPool): BotPolicy {
  const policy: BotPolicy = (view, seat) => pool.decide(seat.level, seatKey(seat), view);
  policy.observe = (view, seat) => pool.observe(seatKey(seat), view);
  return policy;
}
