// The game table's state, for GameScreen: who you are and whose turn it is, what you may do
// (only the view's legalActions), the story told over the table (its presentation queue), the
// panel open over it, the Master's hint and why a card can't be played, and the one keyboard
// map of the table. Everything comes from the view and the game session; the screen only draws.
import { untrack } from 'svelte';
import type { ChooseAction, PlayAction } from '../../../../shared/rules/actions';
import type { CardId, Seat } from '../../../../shared/rules/types';
import type { PlayerView } from '../../../../shared/rules/view';
import { cardSheet } from '../cards/card-sheet.svelte';
import type { CardBook } from '../../../../shared/card-book';
import { type CardBookRef, sortCards } from '../cards/card-book';
import type { GameSession } from '../connection/types';
import { downloadRecord, recordFileName } from '../records/download';
import { t } from '../i18n/index.svelte';
import { phoneSettings } from '../phone/settings.svelte';
import { choiceActions, playsByCard } from './seats';
import { actionText } from './action-text';
import { lastMeetingOf } from '../story/describe';
import { TableStory } from '../story/table-story.svelte';
import { currentStep, tutorial } from '../help/tutorial.svelte';
import { unplayableText } from './unplayable';
import { DIGITS, KeyMap, hotkeys } from './key-map';
import { TableReading } from './table-reading.svelte';
import { seatOf } from '../../../../shared/ids';

/** The side panels (log, pile, settings) open as a panel too: on a small phone their column under the hand has no room. */
export type Panel = 'last' | 'score' | 'help' | 'side';
const PANEL_KEYS: Readonly<Record<string, Panel>> = { l: 'last', s: 'score', '?': 'help' };
const PANEL_TITLES = { last: 'table.lastMeeting', score: 'table.score', help: 'help.title', side: 'table.side' } as const;

/** What the decision prompt answers by key: 1–9 pick, Esc takes a picked answer back. */
export interface PromptKeys {
  press(key: string): boolean;
}

/** A note for one view only (the Master's hint, why a card can't be played): gone with the next. */
type ForView = { readonly version: number; readonly text: string } | null;

export class GameTable {
  readonly #session: GameSession;
  readonly #view: () => PlayerView;
  /** The card set the view names (view.cardSetId), as the screen set it for its parts. */
  readonly #book: CardBookRef;
  get #cards(): CardBook {
    return this.#book.current;
  }
  readonly #story: TableStory;
  panel = $state<Panel | null>(null);
  /** The decision prompt on show, for its keys (`bind:this`: null once it is gone). */
  prompt = $state<PromptKeys | null>(null);

  readonly view: PlayerView = $derived.by(() => this.#view());
  readonly me = $derived.by(() => this.#session.seat);
  readonly owner = $derived.by(() => this.me !== null && this.#session.table?.owner === this.me);
  /** The table read as every screen reads one: names, the story's words and lines, the theme line. */
  readonly reading: TableReading = new TableReading({
    view: () => this.view,
    players: () => this.view.players,
    seats: () => this.#session.table?.seats ?? null,
    me: () => this.#session.seat,
    book: () => this.#cards,
    log: () => this.toldLog,
  });
  readonly names = $derived.by(() => this.reading.names);
  readonly acting = $derived(this.view.toAct?.seat ?? null);
  readonly myTurn = $derived(this.me !== null && this.acting === this.me);
  /** Your turn and the game goes on. */
  readonly turnNow = $derived(this.myTurn && !this.view.over);
  readonly playing = $derived(this.myTurn && this.view.toAct?.kind === 'play');
  readonly plays = $derived(playsByCard(this.view.legalActions));
  readonly choices = $derived(choiceActions(this.view.legalActions));
  /** The kind of your decision whose prompt is on the table, if any. */
  readonly decision = $derived(this.turnNow && this.view.toAct && this.view.toAct.kind !== 'play' && this.choices.length > 0 ? this.view.toAct.kind : null);
  /** The guided first round's step to show now, at the guided table. */
  readonly coachStep = $derived.by(() =>
    this.me !== null && tutorial.tableId !== null && tutorial.tableId === this.#session.table?.id
      ? currentStep(tutorial.read, { view: this.view, me: this.me, deciding: this.decision !== null })
      : null,
  );
  /**
   * The card this page just played, in the view it was played in: it leaves the hand with the
   * tap's own frame (on a slow phone the host's answer and the next view's drawing took a
   * noticeable moment more), and comes back if the host refuses the play.
   */
  #played = $state.raw<{ readonly version: number; readonly card: CardId } | null>(null);
  readonly hand = $derived.by(() => {
    const played = this.#played;
    const cards = this.view.hand ?? [];
    return sortCards(this.#cards, played?.version === this.view.version ? cards.filter((c) => c !== played.card) : cards);
  });
  /** The hand's numbered cards: keys 1–9 play them. */
  readonly hotkeys = $derived(hotkeys(this.hand, (card) => this.plays.has(card)));
  /** A shared board shows the table: this seat's screen is for the hand and the prompt. */
  readonly handFirst = $derived(this.me !== null && !this.view.over && phoneSettings.handFirst);
  /** The other seats in turn order after yours (all seats for a spectator). */
  readonly others = $derived(Array.from({ length: this.view.players }, (_, i) => seatOf(((this.me ?? -1) + 1 + i) % this.view.players)).filter((s) => s !== this.me));
  readonly canHint = $derived.by(() => this.turnNow && this.#session.table?.hints === true);

  readonly storyContext = $derived.by(() => this.reading.storyContext);
  /** Names under the story's cards and in its tables: yours marked (its sentences say "you"). */
  readonly #toldContext = $derived({ ...this.storyContext, names: this.names.map((name, seat) => (seat === this.me ? t('decision.yourself', { name }) : name)) });
  /**
   * While the round summary is open the log stays at the round's end: the next round is behind
   * the curtain. At the game's end the final screen tells everything, so the log does too.
   */
  readonly toldLog = $derived.by(() => {
    const heldAt = this.#story.heldAt;
    return heldAt === null || this.view.over ? this.#session.log : this.#session.log.filter((b) => b.version <= heldAt);
  });
  readonly storyLines = $derived.by(() => this.reading.storyLines);
  readonly lastMeeting = $derived(lastMeetingOf(this.toldLog));
  readonly scoredRounds = $derived.by(() => this.#session.log.flatMap((b) => b.events.flatMap((e) => (e.type === 'roundScored' ? [e.score.seats.map((s) => s.fameGained)] : []))));

  /** Nothing covers the table: its own keys and the hand answer. */
  readonly #uncovered = $derived(this.panel === null && cardSheet.open === null);
  /** Your turn to play a card, and your last move answered: a card may be played now. */
  readonly #mayPlay = $derived.by(() => this.playing && !this.#session.busy);
  /** The hand plays by click and by key. */
  readonly handActive = $derived.by(() => this.#mayPlay && this.#uncovered && this.#story.summary === null);
  /** The hand card whose sheet is open (a tap on a touch screen): the sheet offers its play. */
  readonly sheetCard = $derived.by((): CardId | null => {
    const first = cardSheet.open?.hand ? cardSheet.open.entries[0] : undefined;
    return first && 'card' in first ? first.card : null;
  });
  /** The play the open sheet of a hand card offers, when a card may be played now. */
  readonly sheetPlay = $derived.by(() => (this.sheetCard && this.#mayPlay ? this.plays.get(this.sheetCard) : undefined));

  #reason = $state<ForView>(null);
  #hint = $state<ForView>(null);
  /** Why the card just chosen cannot be played, for the view it was chosen in. */
  readonly reasonText = $derived(this.#reason?.version === this.view.version ? this.#reason.text : null);
  /** The Master's suggestion, for the view it was asked about. */
  readonly hintText = $derived(this.#hint?.version === this.view.version ? this.#hint.text : null);

  readonly keys = new KeyMap([
    { keys: ['Escape'], when: () => this.panel !== null, run: () => void (this.panel = null) },
    { keys: ['Escape', ...DIGITS], when: () => this.prompt !== null && this.decision !== null && this.#uncovered, run: (key) => this.prompt?.press(key) ?? false },
    { keys: ['Escape'], when: () => this.#story.summary !== null && cardSheet.open === null, run: () => this.#story.show.closeSummary() },
    { keys: DIGITS, when: () => this.handActive, run: (key) => this.#playNumbered(key) },
    { keys: ['h'], when: () => this.canHint, run: () => void this.askHint() },
    { keys: Object.keys(PANEL_KEYS), run: (key) => this.togglePanel(PANEL_KEYS[key]!) },
  ]);

  /** Made while the screen starts: its effects (the window title, the turn notice) live as long. */
  constructor(session: GameSession, view: () => PlayerView, book: CardBookRef) {
    this.#session = session;
    this.#book = book;
    this.#view = view;
    this.#story = new TableStory({
      ctx: () => this.storyContext,
      told: () => this.#toldContext,
      log: () => this.#session.log,
      liveFrom: () => this.#session.liveFrom,
      // At the game's end nothing is left to watch: the result comes at once, not after the last meeting's scenes (the last round's summary is one tap away in it).
      urgent: () => this.turnNow || this.view.over,
      over: () => this.view.over,
    });
    // The sheet is the table's: it goes with it.
    $effect(() => () => cardSheet.close());
    // The window title says when it is your turn, also while another tab or window has focus.
    $effect(() => {
      const base = t('app.title');
      document.title = this.turnNow ? `● ${t(this.playing ? 'table.yourTurn' : 'table.yourDecision')} — ${base}` : base;
      return () => {
        document.title = base;
      };
    });
    // In the desktop app a turn that comes while the window is in the background is told by the
    // system too (a notification, the taskbar): once as it starts, never again for the same turn.
    $effect(() => {
      if (!this.turnNow) return;
      untrack(() =>
        window.chronicle?.yourTurn({ title: t('app.title'), body: t(this.playing ? 'notice.yourTurn' : 'notice.yourDecision', { table: this.#session.table?.name ?? '' }) }),
      );
    });
  }

  /** The story told over the table: its presentation queue and round summary. */
  get story(): TableStory {
    return this.#story;
  }

  panelTitle(panel: Panel): string {
    return t(PANEL_TITLES[panel]);
  }

  togglePanel(panel: Panel): void {
    this.panel = this.panel === panel ? null : panel;
  }

  coachRead(): void {
    if (this.coachStep === 'roundEnd') tutorial.set(null);
    else if (this.coachStep) tutorial.markRead(this.coachStep);
  }

  /** A seat's allies in the card sheet, by suit, each in full (masked ones marked). */
  showAllies(seat: Seat): void {
    const allies = sortCards(this.#cards, this.view.allies[seat] ?? []);
    cardSheet.show({
      title: t('table.alliesOf', { name: this.names[seat] ?? '' }),
      testid: 'panel-allies',
      entries: allies.map((card) => ({ card, masked: this.view.masked.includes(card) })),
    });
  }

  /** Why this card of your hand cannot be played now, or null when it can. */
  whyNot(id: CardId): string | null {
    return this.me === null || (this.plays.has(id) && this.playing) ? null : unplayableText(this.view, id, this.storyContext);
  }

  explain(id: CardId): void {
    if (this.me !== null) this.#reason = { version: this.view.version, text: unplayableText(this.view, id, this.storyContext) };
  }

  play(action: PlayAction): void {
    cardSheet.close();
    const played = { version: this.view.version, card: action.play };
    this.#played = played;
    void this.#session.act(action.faceDown ? { play: action.play, faceDown: true } : { play: action.play }).then((sent) => {
      if (!sent && this.#played === played) this.#played = null;
    });
  }

  choose(action: ChooseAction): void {
    void this.#session.act({ choose: action.choose });
  }

  async askHint(): Promise<void> {
    const version = this.view.version;
    const kind = this.view.toAct?.kind ?? 'play';
    const action = await this.#session.hint();
    if (action) this.#hint = { version, text: actionText(action, kind, this.storyContext) };
  }

  async saveRecord(): Promise<void> {
    const record = await this.#session.record();
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- the moment of saving, read once for a file name
    if (record) downloadRecord(record, recordFileName(this.#session.table?.name ?? '', new Date()));
  }

  #playNumbered(key: string): boolean {
    const card = [...this.hotkeys].find(([, k]) => k === key)?.[0];
    const play = card === undefined ? undefined : this.plays.get(card);
    if (play) this.play(play);
    return play !== undefined;
  }
}
