// The translation layer: message tables per language, the chosen language (from the browser,
// overridable by a switcher, persisted in localStorage) and `t(key, params)`.
// Card names and texts are not here: they come from the card set's localized fields (cards/card-book.ts).
// Each language's table is its own chunk, fetched when that language is chosen: the page loads
// only the one it shows (main.ts waits for it before the first render, so no other flashes).
import type { Language } from '../../../../shared/rules/types';
import { MODIFIERS } from './articles';
import type { MessageKey, Messages } from './en';
import { oneOf, storedSetting } from '../settings/stored-setting';

export type { MessageKey };
export const LANGUAGE_CODES: readonly Language[] = ['en', 'hu', 'fr'];
const IMPORTS: Readonly<Record<Language, () => Promise<Messages>>> = {
  en: () => import('./en').then((m) => m.en),
  hu: () => import('./hu').then((m) => m.hu),
  fr: () => import('./fr').then((m) => m.fr),
};
const TABLES: Partial<Record<Language, Messages>> = {};

/** Fetch a language's messages (once); `t` and `format` can use that language once it resolves. */
export async function loadLanguage(lang: Language): Promise<void> {
  TABLES[lang] ??= await IMPORTS[lang]();
}

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

  /** Switch to `lang` once its messages are here (at once when they already are). */
  set(lang: Language): Promise<void> {
    this.wanted = lang;
    if (TABLES[lang]) {
      this.apply(lang);
      return Promise.resolve();
    }
    // A later choice made while this one was fetched wins.
    return loadLanguage(lang).then(() => {
      if (this.wanted === lang) this.apply(lang);
    });
  }

  private wanted: Language | null = null;

  private apply(lang: Language): void {
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
/**
 * `n` with the language's decimal mark (0.4, 0,4). Not Intl.NumberFormat: its first use loads
 * the number formats, about 0.1 s of a phone's CPU, and the lobby's first render needs one.
 */
export function decimal(n: number, lang: Language = i18n.lang): string {
  return String(n).replace('.', lang === 'en' ? '.' : ',');
}

export function t(key: MessageKey, params?: MessageParams): string {
  return format(i18n.lang, key, params);
}

/** One set of plural rules per language: making one takes longer than the rest of a format. */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- a cache nothing renders from
const PLURALS = new Map<Language, Intl.PluralRules>();
function pluralRules(lang: Language): Intl.PluralRules {
  let rules = PLURALS.get(lang);
  if (!rules) PLURALS.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules;
}

export function format(lang: Language, key: MessageKey, params?: MessageParams): string {
  // A language not fetched (yet) speaks the page's; before any table is here, the key itself.
  let text = (TABLES[lang] ?? TABLES[i18n.lang])?.[key] ?? key;
  if (text.includes('|')) {
    const [one, other] = text.split('|') as [string, string];
    const n = Number(params?.['n'] ?? 0);
    text = pluralRules(lang).select(n) === 'one' ? one : other;
  }
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string, modifier: string | undefined) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    const modify = modifier === undefined ? undefined : MODIFIERS[modifier];
    return modify ? modify(value) : value;
  });
}
