// What "Play now" starts on this device: how many players and how strong the bots. Kept in
// localStorage so the next game starts the same way with one click.
import { BOT_LEVELS, type BotLevel, DEFAULT_BOT_LEVEL } from '../../../../shared/protocol/bot-level';
import { json, storedSetting } from './stored-setting';

export interface PlayNowChoice {
  readonly players: number;
  readonly level: BotLevel;
}

export const PLAY_NOW_PLAYERS = [3, 4, 5, 6] as const;
const DEFAULT: PlayNowChoice = { players: 4, level: DEFAULT_BOT_LEVEL };

/** Nothing kept, or something damaged: the usual game. */
const stored = storedSetting(
  'chronicle.playNow',
  json((saved): PlayNowChoice | undefined => {
    if (typeof saved !== 'object' || saved === null) return undefined;
    const { players, level } = saved as Partial<PlayNowChoice>;
    return { players: PLAY_NOW_PLAYERS.find((n) => n === players) ?? DEFAULT.players, level: BOT_LEVELS.find((l) => l === level) ?? DEFAULT.level };
  }),
  () => DEFAULT,
);

export const loadPlayNow = (): PlayNowChoice => stored.load();
export const savePlayNow = (choice: PlayNowChoice): void => stored.save(choice);
