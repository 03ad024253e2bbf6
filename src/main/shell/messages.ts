// The few words the main process shows itself (the question before quitting, the full disk's notice), in the languages
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
  readonly diskFullTitle: string;
  readonly diskFullMessage: string;
  /** Where the games are kept ({folder}), and what to do. */
  readonly diskFullDetail: (folder: string) => string;
  readonly ok: string;
  readonly showFolder: string;
}

const WORDS: Record<Lang, Words> = {
  en: {
    quitTitle: 'Quit Chronicle?',
    quitMessage: (n) => (n === 1 ? '1 player is at your tables' : `${n} players are at your tables`),
    quitDetail: 'They play on this computer: quitting ends their games until you start Chronicle again.',
    quit: 'Quit',
    keep: 'Keep hosting',
    dontAsk: "Don't ask again",
    diskFullTitle: 'The disk is full',
    diskFullMessage: 'The host’s disk is full: the game waits.',
    diskFullDetail: (folder) =>
      `Chronicle keeps the games in ${folder}, and the disk holding it has no room left. Free some space on that disk (empty the trash, delete large files you do not need): the games go on by themselves within seconds, and nothing played is lost.`,
    ok: 'OK',
    showFolder: 'Show the folder',
  },
  hu: {
    quitTitle: 'Kilépsz a Chronicle-ből?',
    quitMessage: (n) => `${n} játékos ül az asztalaidnál`,
    quitDetail: 'Ezen a gépen játszanak: ha kilépsz, a játékuk megáll, amíg újra el nem indítod a Chronicle-t.',
    quit: 'Kilépés',
    keep: 'Tovább vendéglátok',
    dontAsk: 'Ne kérdezze többet',
    diskFullTitle: 'Megtelt a lemez',
    diskFullMessage: 'A gép lemeze megtelt: a játék vár.',
    diskFullDetail: (folder) =>
      `A Chronicle itt tartja a játékokat: ${folder}, és az ezt tartalmazó lemezen nincs több hely. Szabadíts fel helyet azon a lemezen (ürítsd a lomtárat, törölj nagy, felesleges fájlokat): a játékok néhány másodpercen belül maguktól folytatódnak, és semmi sem vész el abból, amit lejátszottatok.`,
    ok: 'OK',
    showFolder: 'Mappa megnyitása',
  },
  fr: {
    quitTitle: 'Quitter Chronicle ?',
    quitMessage: (n) => (n === 1 ? '1 joueur est à vos tables' : `${n} joueurs sont à vos tables`),
    quitDetail: 'Ils jouent sur cet ordinateur : quitter arrête leurs parties jusqu’au prochain lancement de Chronicle.',
    quit: 'Quitter',
    keep: 'Continuer à héberger',
    dontAsk: 'Ne plus demander',
    diskFullTitle: 'Le disque est plein',
    diskFullMessage: 'Le disque de l’hôte est plein : la partie attend.',
    diskFullDetail: (folder) =>
      `Chronicle garde les parties dans ${folder}, et le disque qui le contient n’a plus de place. Libérez de l’espace sur ce disque (videz la corbeille, supprimez de gros fichiers inutiles) : les parties reprennent d’elles-mêmes en quelques secondes, et rien de ce qui a été joué n’est perdu.`,
    ok: 'OK',
    showFolder: 'Afficher le dossier',
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

/** The owner's notice when the disk holding the games (`folder`) is full, as dialog.showMessageBox takes it. */
export function diskFullNotice(locale: string, folder: string) {
  const words = wordsFor(locale);
  return {
    type: 'warning' as const,
    buttons: [words.ok, words.showFolder],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    title: words.diskFullTitle,
    message: words.diskFullMessage,
    detail: words.diskFullDetail(folder),
  };
}

/** The button of diskFullNotice that opens the games' folder. */
export const SHOW_FOLDER_BUTTON = 1;
