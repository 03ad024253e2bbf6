// What "Play now" starts on this device: how many players and how strong the bots. Kept in
// localStorage so the next game starts the same way with one click.
import { BOT_LEVELS, type BotLevel, DEFAULT_BOT_LEVEL } from '../../../shared/protocol/bot-level';

export interface PlayNowChoice {
  readonly players: number;
  readonly level: BotLevel;
}

const KEY = 'chronicle.playNow';
export const PLAY_NOW_PLAYERS = [3, 4, 5, 6] as const;
const DEFAULT: PlayNowChoice = { players: 4, level: DEFAULT_BOT_LEVEL };

export function loadPlayNow(): PlayNowChoice {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<PlayNowChoice> | null;
    return {
      players: PLAY_NOW_PLAYERS.find((n) => n === saved?.players) ?? DEFAULT.players,
      level: BOT_LEVELS.find((l) => l === saved?.level) ?? DEFAULT.level,
    };
  } catch {
    return DEFAULT; // nothing kept, or something damaged: the usual game
  }
}

export function savePlayNow(choice: PlayNowChoice): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(choice));
  } catch {
    // not kept: the usual game next time
  }
}
