// Words that change with how the next word sounds: the Hungarian article (a / az) and the
// French "de" (d’ before a vowel). A message asks for one by a placeholder's modifier —
// `{n:az}` "az 1", `{n:Az}` "Az 1", `{name:de}` "d’Ann" — so each language's table stays plain
// data and the sentence builders need not know the language.

const HU_VOWELS = /^[aáeéiíoóöőuúüű]/i;

/**
 * The Hungarian definite article before a word or a number as it is read aloud: "az" before a
 * vowel sound. A number is read from its highest group of three digits: 1 ("egy", and "ezer",
 * "egymillió" for 1 thousand, 1 million) and anything read from a 5 ("öt", "ötven", "ötszáz")
 * start with a vowel; every other number with a consonant (az 1., a 2., az 5., a 10., a 15.,
 * az 50., a 100., az 500., az 1000., a 2000., az 5000.).
 */
export function huArticle(word: string | number): 'a' | 'az' {
  const text = String(word).trim();
  const digits = /^\d+/.exec(text);
  if (!digits) return HU_VOWELS.test(text) ? 'az' : 'a';
  const n = digits[0].replace(/^0+(?=\d)/, '');
  const lead = n.slice(0, ((n.length - 1) % 3) + 1);
  return lead === '1' || lead.startsWith('5') ? 'az' : 'a';
}

const FR_ELIDES = /^[aàâäeéèêëiîïoôöuùûüyh]/i;

/** French "de" before a name: "d’Ann", "d’Hugo", "de Bob". */
export function frDe(word: string): string {
  return FR_ELIDES.test(word.trim()) ? `d’${word}` : `de ${word}`;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The modifiers a placeholder may carry, by name: the value as it reads after the modifier. */
export const MODIFIERS: Readonly<Record<string, (value: string) => string>> = {
  az: (v) => `${huArticle(v)} ${v}`,
  Az: (v) => `${capital(huArticle(v))} ${v}`,
  de: (v) => frDe(v),
};
