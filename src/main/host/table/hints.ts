// What the Master would play now for the asking seat, from that seat's own view: the checks run
// in the table's queue, the Master thinks outside it, holding up nobody.
import type { Refusal, Reply } from '../../../shared/protocol/events';
import type { Action } from '../../../shared/rules/actions';
import type { Seat } from '../../../shared/rules/types';
import { type PlayerView, viewFor } from '../../../shared/rules/view';
import { hintCheck } from './move-checks';
import { refuse } from '../wire/refusal';
import type { TableModel } from '../table-file/table-model';

/** What the Master would play from a seat's view (hints). */
export type HintProvider = (view: PlayerView) => Promise<Action>;

export type HintRequest = Reply<{ view: PlayerView; master: HintProvider }>;

/** The checks, in the queue: the view to think over and who thinks, or a refusal. */
export function hintRequest(model: TableModel, seat: Seat | null, master: HintProvider | undefined): HintRequest {
  if (seat === null) return refuse('NOT_SEATED');
  const state = hintCheck(model, seat);
  if ('ok' in state) return state;
  if (!master) return refuse('HINTS_UNAVAILABLE');
  return { ok: true, view: viewFor(state, seat), master };
}

/** The Master's answer, outside the queue; a Master that fails is a hint unavailable. */
export async function answerHint(asked: HintRequest | Refusal, failed: (e: Error) => void): Promise<Reply<{ action: Action }>> {
  if (!asked.ok) return asked;
  try {
    return { ok: true, action: await asked.master(asked.view) };
  } catch (e) {
    failed(e as Error);
    return refuse('HINTS_UNAVAILABLE');
  }
}
