// The translation layer: message tables per language, the chosen language (from the browser,
// overridable by a switcher, persisted in localStorage) and `t(key, params)`.
// Card names and texts are not here: they come from the card set's localized fields (cards.ts).
import type { Language } from '../../../../shared/rules/types';
import { MODIFIERS } from './articles';
import { en, type MessageKey } from './en';
import { fr } from './fr';
import { hu } from './hu';
import { oneOf, storedSetting } from '../stored-setting';

export type { MessageKey };
export const LANGUAGE_CODES: readonly Language[] = ['en', 'hu', 'fr'];
const TABLES: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = { en, hu, fr };

export type MessageParams = Readonly<Record<string, string | number>>;

/** `{name}` or `{name:modifier}`. */
export const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;

function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGE_CODES as readonly string[]).includes(v);
}

/** The first browser language we have, else English. */
function browserLanguage(): Language {
  const wanted = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? 'en'];
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

const chosen = storedSetting('chronicle.lang', oneOf(LANGUAGE_CODES), browserLanguage);

/** The stored choice, else the first browser language we have, else English. */
export const initialLanguage = (): Language => chosen.load();

class I18n {
  lang = $state<Language>(initialLanguage());

  set(lang: Language): void {
    this.lang = lang;
    chosen.save(lang);
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  }
}

/** The one language setting of the page (a UI preference, not game state). */
export const i18n = new I18n();

/**
 * Translate `key`, filling `{name}` placeholders from `params`. A message written as
 * `singular|plural` picks a form by the language's plural rules applied to `params.n`. A
 * placeholder may carry a modifier for the words its value changes (`{n:az}`, `{name:de}`:
 * articles.ts).
 */
export function t(key: MessageKey, params?: MessageParams): string {
  return format(i18n.lang, key, params);
}

export function format(lang: Language, key: MessageKey, params?: MessageParams): string {
  let text = TABLES[lang][key];
  if (text.includes('|')) {
    const [one, other] = text.split('|') as [string, string];
    const n = Number(params?.['n'] ?? 0);
    text = new Intl.PluralRules(lang).select(n) === 'one' ? one : other;
  }
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string, modifier: string | undefined) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    const modify = modifier === undefined ? undefined : MODIFIERS[modifier];
    return modify ? modify(value) : value;
  });
}

export function messageTables(): Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> {
  return TABLES;
}
