// The message tables: every language has every key, with the same placeholders, and t()
// fills parameters, picks plural forms and follows the chosen language.
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/src/lib/i18n/en';
import { format, i18n, initialLanguage, messageTables, t } from '../../src/renderer/src/lib/i18n/index.svelte';

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('message tables', () => {
  const tables = messageTables();
  const keys = Object.keys(en).sort();

  it.each(['hu', 'fr'] as const)('%s has exactly the English keys', (lang) => {
    expect(Object.keys(tables[lang]).sort()).toEqual(keys);
  });

  it.each(['en', 'hu', 'fr'] as const)('%s has no empty message and the same placeholders as English', (lang) => {
    for (const key of keys as (keyof typeof en)[]) {
      const text = tables[lang][key];
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(new Set(placeholders(text)), `${lang} ${key}`).toEqual(new Set(placeholders(en[key])));
      expect(text.split('|').length, `${lang} ${key} plural forms`).toBe(en[key].split('|').length);
    }
  });
});

describe('t()', () => {
  afterEach(() => i18n.set('en'));

  it('fills parameters and picks plural forms', () => {
    expect(format('en', 'lobby.freeSeats', { n: 1 })).toBe('1 free seat');
    expect(format('en', 'lobby.freeSeats', { n: 3 })).toBe('3 free seats');
    expect(format('fr', 'lobby.freeSeats', { n: 2 })).toBe('2 places libres');
    expect(format('en', 'table.waitingFor', { name: 'Ada' })).toBe('Waiting for Ada');
  });

  it('follows the chosen language and keeps the choice', () => {
    i18n.set('hu');
    expect(t('table.fame')).toBe('Hírnév');
    expect(localStorage.getItem('chronicle.lang')).toBe('hu');
    expect(initialLanguage()).toBe('hu');
    i18n.set('fr');
    expect(t('table.fame')).toBe('Notoriété');
  });

  it('falls back to the browser language, then English', () => {
    localStorage.removeItem('chronicle.lang');
    expect(['en', 'hu', 'fr']).toContain(initialLanguage());
  });
});
