// Replay analyses computed once: the Master's answer for a decision of a record is kept, by the
// record's digest and the version, for everyone who opens the same game (the latest few hundred),
// and a request for one already being worked out waits for that one instead of starting another.
import { createHash } from 'node:crypto';
import type { DecisionAnalysis } from '../../../shared/bots/analysis';
import type { GameRecord } from '../../../shared/rules/record/record';
import type { Analyser } from './replay-session';

/** Analyses kept (each a few hundred bytes). */
const KEPT = 512;

export function cachedAnalyser(analyse: Analyser, kept = KEPT): Analyser {
  const digests = new WeakMap<GameRecord, string>();
  const answers = new Map<string, Promise<DecisionAnalysis | null>>();
  const digestOf = (record: GameRecord): string => {
    let digest = digests.get(record);
    if (digest === undefined) {
      digest = createHash('sha256').update(JSON.stringify(record)).digest('hex');
      digests.set(record, digest);
    }
    return digest;
  };
  return (record, version) => {
    const key = `${digestOf(record)}:${version}`;
    const known = answers.get(key);
    if (known) return known;
    const answer = analyse(record, version);
    answers.set(key, answer);
    // A failed analysis (busy, a stopped worker) is not kept: the next request tries again.
    answer.catch(() => answers.delete(key));
    if (answers.size > kept) answers.delete(answers.keys().next().value!);
    return answer;
  };
}
