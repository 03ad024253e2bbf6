// `chronicle replay FILE` run as users run it: through the bin launcher, in a child process.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BotRng } from '../../../src/shared/bots/prng';
import { currentDecider } from '../../../src/shared/rules';
import { recordOf } from '../../../src/shared/rules/record/record';
import { playedActions } from '../../kit/game/playout';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'chronicle-replay-'));

/** Runs the CLI; resolves with its exit code and parsed standard output. */
async function replayFile(content: string): Promise<{ code: number; out: Record<string, unknown> }> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.chronicle.json`);
  writeFileSync(file, content);
  try {
    const { stdout } = await run(process.execPath, ['bin/chronicle.js', 'replay', file]);
    return { code: 0, out: JSON.parse(stdout) };
  } catch (e) {
    const failed = e as { code: number; stdout: string };
    return { code: failed.code, out: JSON.parse(failed.stdout) };
  }
}

/** A record of a seeded random game, played for `steps` actions (or to the end). */
function randomRecord(seed: string, steps: number) {
  const setup = { players: 4, seed };
  const { actions, state } = playedActions(setup, new BotRng(7), steps);
  return { record: recordOf(setup, state, actions), state };
}

describe('chronicle replay', () => {
  it('prints a finished game and exits 0', async () => {
    const { record, state } = randomRecord('cli-finished', 100_000);
    const { code, out } = await replayFile(JSON.stringify(record));
    expect(code).toBe(0);
    expect(out).toMatchObject({ ok: true, over: true, fame: state.fame, winners: state.winners, pending: null });
    const rounds = out.rounds as { meetings: { plays: unknown[] }[]; fameGained: number[] }[];
    expect(rounds).toHaveLength(state.round + 1);
    const gained = rounds.reduce((sum, r) => sum + r.fameGained.reduce((a, b) => a + b, 0), 0);
    expect(gained).toBe(state.fame.reduce((a, b) => a + b, 0));
  }, 30_000);

  it('reports who must act next in an unfinished game', async () => {
    const { record, state } = randomRecord('cli-unfinished', 17);
    const { code, out } = await replayFile(JSON.stringify(record));
    expect(code).toBe(0);
    expect(out.over).toBe(false);
    expect(out.pending).toEqual({ seat: currentDecider(state), kind: state.pending?.kind ?? 'play' });
  }, 30_000);

  it('stops at an illegal action with its index and code, and exits 2', async () => {
    const { record } = randomRecord('cli-illegal', 5);
    const bad = { ...record, actions: [...record.actions, { seat: (record.actions[4]!.seat + 2) % 4, play: 'king' }] };
    const { code, out } = await replayFile(JSON.stringify(bad));
    expect(code).toBe(2);
    expect(out).toMatchObject({ ok: false, actionIndex: 5 });
    expect(['NOT_YOUR_TURN', 'CARD_NOT_IN_HAND']).toContain(out.code);
  }, 30_000);

  it.each([
    ['not JSON', '{"format":', /not JSON/],
    ['another format', JSON.stringify({ format: 'pgn', version: 1, players: 4 }), /format/],
    ['a newer version', JSON.stringify({ format: 'chronicle-record', version: 99, players: 4 }), /version 99/],
    ['seven players', JSON.stringify({ format: 'chronicle-record', version: 1, players: 7 }), /players/],
  ])(
    'refuses %s with a message and exits 2',
    async (_name, content, message) => {
      const { code, out } = await replayFile(content);
      expect(code).toBe(2);
      expect(out.ok).toBe(false);
      expect(String(out.message)).toMatch(message);
    },
    30_000,
  );

  it('exits 1 when the file cannot be read', async () => {
    const missing = join(dir, 'missing.json');
    const failed = await run(process.execPath, ['bin/chronicle.js', 'replay', missing]).catch((e) => e);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout).message).toMatch(/cannot read/);
  }, 30_000);
});
