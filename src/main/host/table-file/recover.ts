// Loading a table file that may be damaged (a disk that lied, a copy cut short, a stray edit):
// the table goes on from the longest valid prefix, where every line parses, fits its schema
// and, replayed, is legal. Nothing is thrown away: when lines are lost the damaged file is
// kept beside the table and the loss is counted, so the table's owner can be told.
import { TableFileError, readTablePrefix } from './lines';
import { TableModel } from './table-model';

export interface Recovery {
  /** Lines after the valid prefix (the first bad one and everything behind it). */
  readonly lostLines: number;
  /** Of those, how many held game actions. */
  readonly lostActions: number;
  /** What was wrong with the first lost line. */
  readonly problem: string;
}

export interface RecoveredTable {
  readonly model: TableModel;
  /** How many lines (header included) make the valid prefix. */
  readonly validLines: number;
  /** Null when the whole file was valid. */
  readonly recovery: Recovery | null;
}

/** An action line, recognised even when it no longer parses. */
const looksLikeAction = (text: string): boolean => /"t"\s*:\s*"act"/.test(text);

/**
 * Rebuilds a table from the text lines of its file, as far as they are valid. Throws a
 * TableFileError when not even the header can be used (an empty file, a damaged header, a
 * newer version): there is no table to go on with then.
 */
export function recoverTable(texts: readonly string[]): RecoveredTable {
  const json: unknown[] = [];
  let problem: string | null = null;
  for (const [i, text] of texts.entries()) {
    try {
      json.push(JSON.parse(text));
    } catch {
      problem = `line ${i + 1} is not JSON`;
      break;
    }
  }
  if (json.length === 0) throw new TableFileError(texts.length === 0 ? 'the file is empty' : (problem ?? 'no header'));
  const prefix = readTablePrefix(json);
  if (prefix.problem !== null) problem = prefix.problem;
  const model = new TableModel(prefix.header);
  let applied = 0;
  for (const line of prefix.lines) {
    try {
      model.applyLine(line);
    } catch (e) {
      problem = `after ${model.actions.length} actions: ${e instanceof Error ? e.message : 'a line does not replay'}`;
      break;
    }
    applied++;
  }
  // The file lines before the first line that did not replay (all that were read otherwise).
  const validLines = applied === prefix.lines.length ? prefix.read : prefix.sources[applied]!;
  if (validLines === texts.length) return { model, validLines, recovery: null };
  const lost = texts.slice(validLines);
  return {
    model,
    validLines,
    recovery: { lostLines: lost.length, lostActions: lost.filter(looksLikeAction).length, problem: problem ?? 'unreadable lines' },
  };
}
