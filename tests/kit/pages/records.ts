// Game records for the specs, checked outside the page: a table's record from the host's file
// (table-record.ts, under tsx), a seeded game's (seeded-record.ts), and what `chronicle replay` says of a record file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The record of a table as its file holds it, written to a file of its own; returns its path. */
export function tableRecordFile(dataDir: string, tableId: string): string {
  const record = execFileSync(process.execPath, ['--import', 'tsx', 'tests/kit/pages/table-record.ts', dataDir, tableId], { encoding: 'utf8' });
  const file = join(mkdtempSync(join(tmpdir(), 'chronicle-record-')), 'game.chronicle.json');
  writeFileSync(file, record);
  return file;
}

/** A whole game's record, played by random legal moves from `seed`, written to a file of its own; returns its path. */
export function seededRecordFile(players: number, seed: string): string {
  const record = execFileSync(process.execPath, ['--import', 'tsx', 'tests/kit/pages/seeded-record.ts', String(players), seed], { encoding: 'utf8' });
  const file = join(mkdtempSync(join(tmpdir(), 'chronicle-record-')), `${seed}.chronicle.json`);
  writeFileSync(file, record);
  return file;
}

/** What `chronicle replay FILE` prints; it throws on a non-zero exit (an illegal or invalid record). */
export function chronicleReplay<T extends { ok: boolean; over: boolean }>(file: string): T {
  return JSON.parse(execFileSync(process.execPath, ['bin/chronicle.js', 'replay', file], { encoding: 'utf8' })) as T;
}
