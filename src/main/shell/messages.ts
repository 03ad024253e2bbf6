// The few words the main process shows itself (the question before quitting), in the languages
// of the app (en, hu, fr), chosen by the system's language. Everything a page shows is
// translated by the renderer (src/renderer/src/lib/i18n).
export type Lang = 'en' | 'hu' | 'fr';

interface Words {
  readonly quitTitle: string;
  /** "{n} players are at your tables" with its plural. */
  readonly quitMessage: (players: number) => string;
  readonly quitDetail: string;
  readonly quit: string;
  readonly keep: string;
  readonly dontAsk: string;
}

const WORDS: Record<Lang, Words> = {
  en: {
    quitTitle: 'Quit Chronicle?',
    quitMessage: (n) => (n === 1 ? '1 player is at your tables' : `${n} players are at your tables`),
    quitDetail: 'They play on this computer: quitting ends their games until you start Chronicle again.',
    quit: 'Quit',
    keep: 'Keep hosting',
    dontAsk: "Don't ask again",
  },
  hu: {
    quitTitle: 'Kilépsz a Chronicle-ből?',
    quitMessage: (n) => `${n} játékos ül az asztalaidnál`,
    quitDetail: 'Ezen a gépen játszanak: ha kilépsz, a játékuk megáll, amíg újra el nem indítod a Chronicle-t.',
    quit: 'Kilépés',
    keep: 'Tovább vendéglátok',
    dontAsk: 'Ne kérdezze többet',
  },
  fr: {
    quitTitle: 'Quitter Chronicle ?',
    quitMessage: (n) => (n === 1 ? '1 joueur est à vos tables' : `${n} joueurs sont à vos tables`),
    quitDetail: 'Ils jouent sur cet ordinateur : quitter arrête leurs parties jusqu’au prochain lancement de Chronicle.',
    quit: 'Quitter',
    keep: 'Continuer à héberger',
    dontAsk: 'Ne plus demander',
  },
};

/** The words for a system locale such as `fr-FR` (English for any other language). */
export function wordsFor(locale: string): Words {
  const lang = locale.slice(0, 2).toLowerCase();
  return lang === 'hu' || lang === 'fr' ? WORDS[lang] : WORDS.en;
}

/** The question before leaving with guests, as Electron's dialog.showMessageBox takes it. */
export function quitQuestion(locale: string, players: number) {
  const words = wordsFor(locale);
  return {
    type: 'question' as const,
    buttons: [words.keep, words.quit],
    /** The index of the button that quits. */
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    title: words.quitTitle,
    message: words.quitMessage(players),
    detail: words.quitDetail,
    checkboxLabel: words.dontAsk,
    checkboxChecked: false,
  };
}

/** The button of quitQuestion that quits. */
export const QUIT_BUTTON = 1;
