// The message tables: every language has every key, with the same placeholders, and t()
// fills parameters, picks plural forms and follows the chosen language.
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../../../src/renderer/src/lib/i18n/en';
import { fr } from '../../../../src/renderer/src/lib/i18n/fr';
import { hu } from '../../../../src/renderer/src/lib/i18n/hu';
import { MODIFIERS, frDe, huArticle } from '../../../../src/renderer/src/lib/i18n/articles';
import { PLACEHOLDER, format, i18n, initialLanguage, t } from '../../../../src/renderer/src/lib/i18n/index.svelte';

const placeholders = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).sort();

describe('message tables', () => {
  const tables = { en, hu, fr };
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
      for (const m of text.matchAll(PLACEHOLDER)) if (m[2] !== undefined) expect(MODIFIERS, `${lang} ${key} modifier ${m[2]}`).toHaveProperty(m[2]);
      expect(text, `${lang} ${key}: an article chosen by the words, not "a(z)"`).not.toMatch(/\b[Aa]\(z\)/);
    }
  });
});

describe('articles and elisions', () => {
  it('picks the Hungarian article by how the number or word is read', () => {
    const az = [1, 5, 50, 55, 500, 501, 1000, 1999, 5000, 50_000, 500_000, 1_000_000, 5_000_000];
    const a = [0, 2, 3, 4, 6, 7, 8, 9, 10, 11, 15, 20, 21, 40, 100, 105, 150, 200, 2000, 10_000, 15_000, 100_000, 2_000_000];
    expect(az.filter((n) => huArticle(n) !== 'az')).toEqual([]);
    expect(a.filter((n) => huArticle(n) !== 'a')).toEqual([]);
    expect(['Ann', 'Éva', 'Ödön', 'Ubul', 'Angyal'].map(huArticle)).toEqual(['az', 'az', 'az', 'az', 'az']);
    expect(['Bob', 'Bot 2', 'Király'].map(huArticle)).toEqual(['a', 'a', 'a']);
  });

  it('titles each round with its own article', () => {
    expect([1, 2, 3, 5, 10, 11].map((n) => format('hu', 'summary.title', { n }))).toEqual([
      'Az 1. forduló vége',
      'A 2. forduló vége',
      'A 3. forduló vége',
      'Az 5. forduló vége',
      'A 10. forduló vége',
      'A 11. forduló vége',
    ]);
    expect(format('hu', 'log.round.ends', { n: 5 })).toMatch(/^Véget ért az 5\. forduló/);
  });

  it('elides the French "de" before a vowel or a mute h', () => {
    expect(['Ann', 'Éloïse', 'Hugo', 'Yves', 'Bob', 'Bot 2'].map(frDe)).toEqual(['d’Ann', 'd’Éloïse', 'd’Hugo', 'd’Yves', 'de Bob', 'de Bot 2']);
    expect(format('fr', 'table.alliesOf', { name: 'Ann' })).toBe('Alliés d’Ann');
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
