// `chronicle replay FILE`: replay a game record and print what happened as one JSON object.
// Exit 0 when every action was legal, 2 when an action was illegal or the file is invalid,
// 1 for anything else (record-format.md).
import { readFile } from 'node:fs/promises';
import { parseRecord, replay } from '../../shared/rules/record/record';
import { summarize } from '../../shared/rules/record/summary';

export interface Output {
  write(text: string): void;
}

const stdout: Output = { write: (t) => process.stdout.write(t) };

const stderr: Output = { write: (t) => process.stderr.write(t) };

export async function runReplay(args: readonly string[], out: Output = stdout, err: Output = stderr): Promise<number> {
  const file = args[0];
  // A command line without one record to read is answered in words: JSON is for what a record holds.
  if (file === '--help' || file === '-h') {
    out.write('usage: chronicle replay FILE   replay a game record (a .chronicle.json file) and print what happened as JSON\n');
    return 0;
  }
  if (args.length === 0 || !file) {
    err.write('chronicle replay: which record? Name a game record file: chronicle replay FILE (a .chronicle.json file; the app saves one per game)\n');
    return 2;
  }
  if (args.length > 1) {
    err.write(`chronicle replay: one record at a time, and ${args.length} were given (${args.join(' ')}): chronicle replay FILE\n`);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    print(out, { ok: false, code: 'FILE_UNREADABLE', message: `cannot read ${file}: ${(e as Error).message}` });
    return 1;
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return invalid(out, `${file} is not JSON: ${(e as Error).message}`);
  }
  const parsed = parseRecord(json);
  if (!parsed.ok) return invalid(out, parsed.error.message);
  const replayed = replay(parsed.value.record, parsed.value.cardSet);
  if (!replayed.ok) return invalid(out, replayed.error.message, replayed.error.code);
  const summary = summarize(replayed.value);
  print(out, summary);
  return summary.ok ? 0 : 2;
}

function invalid(out: Output, message: string, code = 'RECORD_INVALID'): number {
  print(out, { ok: false, code, message, rounds: [] });
  return 2;
}

const print = (out: Output, value: unknown) => out.write(`${JSON.stringify(value, null, 2)}\n`);
