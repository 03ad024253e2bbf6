// The decisions waiting for one bot worker: bots' turns first (in the order they came), then
// other work such as hints (in order). The pool sends a worker one decision at a time, so a
// bot's turn waits for at most the one piece of work being done, never for a queue of hints.

export interface Work {
  /** A bot's turn at a table (else work for a player that may wait, like a hint). */
  readonly turn: boolean;
  /** Sends it to the worker. */
  readonly run: () => void;
  /** Answers it without the worker (the worker stopped, or the pool closed). */
  readonly drop: () => void;
}

export class WorkQueue {
  private readonly turns: Work[] = [];
  private readonly others: Work[] = [];

  /** `waitingTurns` hears how many bots' turns wait, whenever that changes. */
  constructor(private readonly waitingTurns: (n: number) => void = () => {}) {}

  get size(): number {
    return this.turns.length + this.others.length;
  }

  add(work: Work): void {
    (work.turn ? this.turns : this.others).push(work);
    if (work.turn) this.waitingTurns(this.turns.length);
  }

  /** The next work to send: the oldest bot's turn, else the oldest other work. */
  next(): Work | undefined {
    const turn = this.turns.shift();
    if (turn) {
      this.waitingTurns(this.turns.length);
      return turn;
    }
    return this.others.shift();
  }

  /** Answers everything waiting without the worker. */
  drain(): void {
    for (let work = this.next(); work; work = this.next()) work.drop();
  }
}
