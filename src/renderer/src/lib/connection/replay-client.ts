// Replays on one host: a game record opened there and stepped through as any seat sees it,
// with the Master's analysis; and this device's finished games, by the seat tokens it kept.
import type { FinishedGame } from '../../../../shared/protocol/archive';
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { ReplayAnalysis, ReplayOpened, ReplayStepView, ReplayViewer } from '../../../../shared/protocol/events';
import type { GameRecord } from '../../../../shared/rules/record/record';
import { dropGames, keptGames } from './finished-store';
import type { HostCalls } from './host-calls.svelte';
import type { ReplayClient } from './types';
import type { TableId } from '../../../../shared/ids';

/** How long an analysis may take to come, queued behind a few others on a busy host. */
const ANALYSIS_TIMEOUT_MS = 90_000;

export class SocketReplayClient implements ReplayClient {
  readonly #calls: HostCalls;

  constructor(calls: HostCalls) {
    this.#calls = calls;
  }

  async openReplay(record: unknown): Promise<ReplayOpened | null> {
    const reply = await this.#calls.call('replay:open', { record });
    if (!reply) return null;
    const { ok: _ok, ...opened } = reply;
    return opened;
  }

  async replayStep(version: number, viewer: ReplayViewer): Promise<ReplayStepView | null> {
    const reply = await this.#calls.call('replay:step', { version, viewer });
    return reply && { view: reply.view, hands: reply.hands };
  }

  async replayLog(viewer: ReplayViewer): Promise<readonly EventBatch[] | null> {
    return (await this.#calls.call('replay:log', { viewer }))?.log ?? null;
  }

  async replayAnalyse(version: number): Promise<ReplayAnalysis | null> {
    // The host works analyses out one after another: one asked behind others waits for them.
    return (await this.#calls.call('replay:analyse', { version }, ANALYSIS_TIMEOUT_MS))?.analysis ?? null;
  }

  async finishedGames(all = false): Promise<readonly FinishedGame[]> {
    const kept = keptGames();
    if (kept.length === 0 && !all) return [];
    const reply = await this.#calls.call('archive:list', { tokens: kept.map((g) => g.token) });
    if (!reply) return [];
    dropGames(kept.filter((k) => !reply.games.some((g) => g.id === k.tableId)).map((k) => k.tableId));
    // The host's own machine is shown other games too; a browser's list is this device's.
    const games = all ? reply.games : reply.games.filter((g) => kept.some((k) => k.tableId === g.id));
    return [...games].sort((a, b) => b.finishedAt - a.finishedAt);
  }

  async finishedRecord(tableId: TableId): Promise<GameRecord | null> {
    const token = keptGames().find((g) => g.tableId === tableId)?.token;
    return (await this.#calls.call('archive:export', { tableId, ...(token ? { token } : {}) }))?.record ?? null;
  }
}
