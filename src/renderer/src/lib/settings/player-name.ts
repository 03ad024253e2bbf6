// The display name this device last used, kept for the next join (asked again when not kept).
import { TEXT, storedSetting } from './stored-setting';

const name = storedSetting('chronicle.name', TEXT, () => '');

export const loadPlayerName = (): string => name.load();
export const savePlayerName = (value: string): void => name.save(value);
