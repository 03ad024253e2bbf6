// What happens to a seat whose player dropped out of a game in play: a bot takes it after one
// of these many seconds, or (null) the table waits for the player or the owner.
export const AUTO_BOT_SECONDS = [30, 60, 120] as const;
export type AutoBotAfter = (typeof AUTO_BOT_SECONDS)[number] | null;
/** New tables: nobody is held up longer than a minute unless the owner says so. */
export const DEFAULT_AUTO_BOT: AutoBotAfter = 60;
