// The rulings of docs/rules.md (same numbers), told to players in their language for
// the in-app help. docs/rules.md is the reference; these are its player-facing wording. Cards are
// named by placeholders, `{card:ID}` and `{history:ID}` (`{card:ID:az}` with the Hungarian
// article), filled from the card book of the set in play (`withCardNames`).
import type { Localized } from '../../../../shared/rules/types';
import { MODIFIERS } from '../i18n/articles';

/** A ruling's text with the names of the set in play. */
export function withCardNames(text: string, names: { card: (id: string) => string; history: (id: string) => string }): string {
  return text.replace(/\{(card|history):([a-z0-9-]+)(?::(az|Az))?\}/g, (_, kind: 'card' | 'history', id: string, modifier?: string) => {
    const name = names[kind](id);
    return modifier ? MODIFIERS[modifier]!(name) : name;
  });
}

export interface Ruling {
  readonly n: number;
  readonly title: Localized;
  readonly text: Localized;
}

export const RULINGS: readonly Ruling[] = [
  {
    n: 1,
    title: { en: 'Seats and turns', hu: 'Ülések és sorrend', fr: 'Places et tours' },
    text: {
      en: 'Play goes to the left (clockwise), in the seat order of the table.',
      hu: 'A játék balra (az óramutató járásával megegyezően) halad, az asztal ülésrendje szerint.',
      fr: 'Le jeu tourne vers la gauche (sens horaire), dans l’ordre des places à la table.',
    },
  },
  {
    n: 2,
    title: { en: 'Following suit', hu: 'Színkövetés', fr: 'Suivre la couleur' },
    text: {
      en: 'The lead suit is the suit of the first non-Wild card played in the meeting. You must play the lead suit if you hold it, or a Wild (always allowed, never forced). Without the lead suit you may play any card: a Wild face up, any other card face down. While only Wilds have been played, any card may be played face up and the first non-Wild one sets the suit.',
      hu: 'A vezető szín a találkozó első nem-Joker kártyájának színe. Ha van vezető színű kártyád, azt kell kijátszanod, vagy egy Jokert (mindig szabad, sosem kötelező). Ha nincs vezető színed, bármit kijátszhatsz: a Jokert felfordítva, minden mást lefordítva. Amíg csak Jokerek kerültek ki, bármely kártya kijátszható felfordítva, és az első nem-Joker adja a színt.',
      fr: 'La couleur demandée est celle de la première carte non Sauvage jouée dans la Rencontre. Vous devez jouer cette couleur si vous l’avez, ou une Sauvage (toujours permis, jamais obligatoire). Sans la couleur demandée, jouez n’importe quelle carte : une Sauvage face visible, toute autre face cachée. Tant que seules des Sauvages ont été jouées, toute carte peut être jouée face visible et la première non Sauvage fixe la couleur.',
    },
  },
  {
    n: 3,
    title: { en: 'Face-down cards', hu: 'Lefordított kártyák', fr: 'Cartes face cachée' },
    text: {
      en: 'A card played face down has no suit, strength or ability in the meeting. The winner takes it face up as an ordinary ally.',
      hu: 'A lefordítva kijátszott kártyának nincs színe, ereje és képessége a találkozóban. A nyertes felfordítva, közönséges szövetségesként kapja meg.',
      fr: 'Une carte jouée face cachée n’a ni couleur, ni force, ni pouvoir dans la Rencontre. Le gagnant la prend face visible comme un Allié ordinaire.',
    },
  },
  {
    n: 4,
    title: { en: 'Strength', hu: 'Erő', fr: 'Force' },
    text: {
      en: 'Only face-up cards of the lead suit have strength in a meeting. Wilds have none.',
      hu: 'A találkozóban csak a vezető szín felfordított kártyáinak van ereje. A Jokereknek nincs.',
      fr: 'Seules les cartes face visible de la couleur demandée ont une force dans la Rencontre. Les Sauvages n’en ont pas.',
    },
  },
  {
    n: 5,
    title: { en: 'Who wins a meeting', hu: 'Ki nyeri a találkozót', fr: 'Qui gagne la Rencontre' },
    text: {
      en: 'If the {card:king} is in the meeting, its player wins. Otherwise the highest strength wins (the lowest under a 3’s Reversal). If no card has strength, the lead player wins.',
      hu: 'Ha {card:king:az} a találkozóban van, a kijátszója nyer. Különben a legnagyobb erő nyer (egy 3-as Fordítása alatt a legkisebb). Ha egyik kártyának sincs ereje, a kezdő játékos nyer.',
      fr: 'Si la carte {card:king} est dans la Rencontre, son joueur gagne. Sinon la plus forte carte gagne (la plus faible sous le Renversement d’un 3). Si aucune carte n’a de force, le premier joueur gagne.',
    },
  },
  {
    n: 6,
    title: { en: 'End of a meeting', hu: 'A találkozó vége', fr: 'Fin de la Rencontre' },
    text: {
      en: 'First the winner is decided (with Reversal and the {card:king}), then the {card:demon} goes where its player chooses, then the {card:dragon} discards the other cards or the winner takes them. The winner leads the next meeting.',
      hu: 'Előbb eldől a nyertes (a Fordítás és {card:king:az} szerint), aztán {card:demon:az} oda kerül, ahová a kijátszója választja, végül {card:dragon:az} eldobja a többi kártyát, vagy a nyertes elviszi őket. A nyertes kezdi a következő találkozót.',
      fr: 'D’abord le gagnant est désigné (avec le Renversement et la carte {card:king}), puis la carte {card:demon} va où son joueur le décide, puis la carte {card:dragon} défausse les autres cartes, ou le gagnant les prend. Le gagnant commence la Rencontre suivante.',
    },
  },
  {
    n: 7,
    title: { en: 'Abilities are mandatory', hu: 'A képességek kötelezőek', fr: 'Les pouvoirs sont obligatoires' },
    text: {
      en: 'An ability that can be applied must be; one that cannot (no ally to steal, no other card played yet) does nothing. The card’s player makes every choice it needs, never the target.',
      hu: 'A végrehajtható képességet végre kell hajtani; amelyik nem hajtható végre (nincs elvehető szövetséges, még nincs más kijátszott kártya), az nem tesz semmit. Minden választást a kártya kijátszója hoz meg, sosem a célpont.',
      fr: 'Un pouvoir applicable doit être appliqué ; un pouvoir inapplicable (pas d’Allié à voler, aucune autre carte jouée) ne fait rien. Le joueur de la carte fait tous les choix, jamais la cible.',
    },
  },
  {
    n: 8,
    title: { en: 'A Halt that leads', hu: 'Kezdő Megállítás', fr: 'Un Arrêt en premier' },
    text: {
      en: 'A 5 (Halt) played as the lead card ends the meeting with that card alone: its player wins it.',
      hu: 'A kezdőlapként kijátszott 5-ös (Megállítás) egyedül zárja le a találkozót: a kijátszója nyeri.',
      fr: 'Un 5 (Arrêt) joué en premier termine la Rencontre avec cette seule carte : son joueur la gagne.',
    },
  },
  {
    n: 9,
    title: { en: 'End of the round', hu: 'A forduló vége', fr: 'Fin de la manche' },
    text: {
      en: 'After a meeting, if anyone has no cards left, the round ends: (a) cards left in hands join their owners’ allies; (b) the holder of the {card:angel} discards their Evil allies; (c) a player holding all four Evil cards gains 2 Fame and nobody else gains any this round, whatever the history cards say; (d) otherwise players with an Evil ally are excluded (not under A Time of Darkness); (e) each history card gives 1 Fame to each remaining player who meets it. A 2 counts as three allies of its suit; a face-down ally counts as one, with no suit.',
      hu: 'Egy találkozó után, ha valakinek elfogyott a kézben tartott lapja, a forduló véget ér: (a) a kézben maradt kártyák a tulajdonosuk szövetségesei lesznek; (b) {card:angel:az} birtokosa eldobja Gonosz szövetségeseit; (c) aki mind a négy Gonosz kártyát birtokolja, 2 Hírnevet kap, és ebben a fordulóban más nem kap semmit, bármit mondanak a történet kártyák; (d) különben a Gonosz szövetségessel rendelkezők kiesnek (kivéve A sötétség korában); (e) minden történet kártya 1 Hírnevet ad minden bennmaradt játékosnak, aki teljesíti. A 2-es a saját színéből három szövetségesnek számít; a lefordított szövetséges egynek, szín nélkül.',
      fr: 'Après une Rencontre, si un joueur n’a plus de cartes, la manche se termine : (a) les cartes restées en main rejoignent les Alliés de leur propriétaire ; (b) le détenteur de la carte {card:angel} défausse ses Alliés Maléfiques ; (c) un joueur qui détient les quatre cartes Maléfiques gagne 2 points de Notoriété et personne d’autre n’en gagne cette manche, quoi que disent les cartes Histoire ; (d) sinon les joueurs ayant un Allié Maléfique sont exclus (sauf pendant Une époque de ténèbres) ; (e) chaque carte Histoire donne 1 point de Notoriété à chaque joueur restant qui la remplit. Un 2 compte pour trois Alliés de sa couleur ; un Allié face cachée compte pour un, sans couleur.',
    },
  },
  {
    n: 10,
    title: { en: 'Five players', hu: 'Öt játékos', fr: 'Cinq joueurs' },
    text: {
      en: 'Before dealing, the top character card is revealed and discarded; if it is the theme card of a history card in play, the next card is discarded instead and the theme card is shuffled back. Everyone gets 7 cards.',
      hu: 'Osztás előtt a felső karakterkártyát felfedik és eldobják; ha ez egy játékban lévő történet kártya témakártyája, helyette a következőt dobják el, a témakártyát pedig visszakeverik. Mindenki 7 lapot kap.',
      fr: 'Avant la donne, la carte personnage du dessus est révélée et défaussée ; si c’est la carte thème d’une carte Histoire en jeu, on défausse la suivante à la place et on remélange la carte thème. Chacun reçoit 7 cartes.',
    },
  },
  {
    n: 11,
    title: { en: 'The history deck', hu: 'A történet pakli', fr: 'La pioche Histoire' },
    text: {
      en: 'When the history deck runs out, the used history cards are shuffled into a new deck. {history:conversation-with-a-dragon} brings back the previous round’s history cards other than itself; a returning Coronation reveals nothing more.',
      hu: 'Ha a történet pakli elfogy, a felhasznált történet kártyákat új paklivá keverik. A Beszélgetés egy sárkánnyal visszahozza az előző forduló történet kártyáit (önmagán kívül); a visszatérő Koronázás nem fed fel újabbat.',
      fr: 'Quand la pioche Histoire est épuisée, les cartes Histoire utilisées forment une nouvelle pioche. Conversation avec un dragon ramène les cartes Histoire de la manche précédente (sauf elle-même) ; un Couronnement qui revient n’en révèle pas d’autre.',
    },
  },
  {
    n: 12,
    title: { en: 'End of the game', hu: 'A játék vége', fr: 'Fin de la partie' },
    text: {
      en: 'After a round in which someone reaches 3 Fame, the game ends: the most Fame wins, and a tie is a shared win. With the “prolonged game” option, rounds go on while the lead is tied.',
      hu: 'Az a forduló, amelyben valaki eléri a 3 Hírnevet, az utolsó: a legtöbb Hírnév nyer, döntetlen esetén közös a győzelem. A „hosszabbított játék” beállítással addig folytatódnak a fordulók, amíg holtverseny van az élen.',
      fr: 'Après une manche où quelqu’un atteint 3 points de Notoriété, la partie se termine : le plus de Notoriété l’emporte, une égalité est une victoire partagée. Avec l’option « partie prolongée », on joue tant que la tête est à égalité.',
    },
  },
  {
    n: 13,
    title: { en: 'Two history cards', hu: 'Két történet kártya', fr: 'Deux cartes Histoire' },
    text: {
      en: 'With this option two history cards are revealed each round, both in play; the holder of the first one’s theme card starts.',
      hu: 'Ezzel a beállítással fordulónként két történet kártyát fednek fel, mindkettő játékban van; az első témakártyájának birtokosa kezd.',
      fr: 'Avec cette option, deux cartes Histoire sont révélées à chaque manche, toutes deux en jeu ; le détenteur de la carte thème de la première commence.',
    },
  },
  {
    n: 14,
    title: { en: 'Return and face-down cards', hu: 'Visszaküldés és lefordított kártyák', fr: 'Renvoi et cartes face cachée' },
    text: {
      en: 'A 7’s Return may pick a face-down card of the meeting, by whose it is, without learning it; the card goes back to its owner’s hand unseen, and the winner does not take it.',
      hu: 'A 7-es Visszaküldése választhat lefordított kártyát is a találkozóból, azt megjelölve, kié, anélkül hogy megismerné; a kártya láthatatlanul visszakerül a tulajdonosa kezébe, és a nyertes nem kapja meg.',
      fr: 'Le Renvoi d’un 7 peut viser une carte face cachée de la Rencontre, désignée par son joueur, sans la connaître ; elle retourne sans être vue dans la main de son propriétaire et le gagnant ne la prend pas.',
    },
  },
  {
    n: 15,
    title: { en: 'Burned face-down cards', hu: 'Elégetett lefordított kártyák', fr: 'Cartes face cachée brûlées' },
    text: {
      en: 'The discard pile is face up. Face-down cards of a meeting the {card:dragon} burns are turned face up as they go onto it; afterwards only the top card of the pile is visible.',
      hu: 'A dobópakli felfordított. {card:dragon:Az} által elégetett találkozó lefordított kártyái felfordítva kerülnek rá; utána csak a pakli legfelső lapja látszik.',
      fr: 'La défausse est face visible. Les cartes face cachée d’une Rencontre brûlée par la carte {card:dragon} y sont retournées face visible ; ensuite seule la carte du dessus est visible.',
    },
  },
];
