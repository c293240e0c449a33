import type { ServerResponse } from "node:http";

/**
 * The requests a fault proxy holds (a hanging request, a slow answer), each with what lets it go. A test on a fake
 * clock waits until the sender is waiting (`when`), moves the clock past the sender's deadline, then lets the held
 * ones go (`release`): nothing waits out a deadline for real. A request whose caller gave up leaves the count.
 */
export class Holds {
  readonly #held = new Map<ServerResponse, () => void>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #waiters: Array<{ count: number; resolve: () => void }> = [];

  get size(): number {
    return this.#held.size;
  }

  /** Holds `res` until `release`, which then calls `letGo` (answer it, or drop its connection). */
  hold(res: ServerResponse, letGo: () => void): void {
    this.#held.set(res, letGo);
    res.once("close", () => this.#held.delete(res));
    this.#waiters = this.#waiters.filter((waiter) => {
      if (this.#held.size < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }

  /** A slow answer: sent after `slowMs` of real time, or held until `release` when no time is given. */
  later(res: ServerResponse, reply: () => void, slowMs: number | undefined): void {
    if (slowMs === undefined) {
      this.hold(res, reply);
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      reply();
    }, slowMs);
    this.#timers.add(timer);
  }

  /** Resolves once `count` requests are held at the same time. */
  when(count: number): Promise<void> {
    if (this.#held.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  /** Lets every held request go and drops the slow answers not yet sent; for a proxy's close. */
  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.release();
  }

  /** Lets every held request go; returns how many there were. */
  release(): number {
    const held = [...this.#held.values()];
    this.#held.clear();
    for (const letGo of held) letGo();
    return held.length;
  }
}
