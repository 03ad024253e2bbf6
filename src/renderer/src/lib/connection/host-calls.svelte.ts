// Requests to the host, shared by the lobby feed, the game session and the replay client: one
// request and its acknowledgement; a refusal or a timeout becomes the one notice on show.
import type { ClientEvent, PayloadOf } from '../../../../shared/protocol/events';
import { oversizedMessage } from '../../../../shared/protocol/limits';
import { type Notice, noticeFor, tooLarge, waitNotice } from './errors';
import type { ClientSocket, ReplyOf } from './socket';
import type { Notices } from './types';

export type Ok<E extends ClientEvent> = Extract<ReplyOf<E>, { ok: true }>;

export class HostCalls implements Notices {
  /** The last refusal or failure, translated by its message key. */
  error = $state.raw<Notice | null>(null);

  constructor(
    readonly socket: ClientSocket,
    /** How long to wait for the host's acknowledgement. */
    readonly timeoutMs: number,
  ) {}

  dismissError(): void {
    this.error = null;
  }

  /** One request; a refusal or a timeout becomes `error` and `null`. */
  async call<E extends ClientEvent>(event: E, payload: PayloadOf<E>, timeoutMs = this.timeoutMs): Promise<Ok<E> | null> {
    // The host would cut the connection off instead of answering: say so, and keep it.
    const oversized = oversizedMessage(event, payload);
    if (oversized !== null) {
      this.error = tooLarge(oversized);
      return null;
    }
    try {
      const reply = await this.socket.request(event, payload, timeoutMs);
      if (reply.ok) return reply as Ok<E>;
      this.error = reply.retryAfterMs === undefined ? noticeFor(reply.code) : waitNotice(reply.code, reply.retryAfterMs);
      return null;
    } catch {
      this.error = noticeFor('TIMEOUT');
      return null;
    }
  }

  /** A request whose answer says only that it was done. */
  async simple<E extends ClientEvent>(event: E, payload: PayloadOf<E>): Promise<boolean> {
    return (await this.call(event, payload)) !== null;
  }
}
