/**
 * The part of a document `whenActivated` reads: TypeScript's DOM types do not have `prerendering` yet, and tests pass
 * a small fake.
 */
export interface ActivationTarget {
  readonly prerendering?: boolean;
  addEventListener(type: "prerenderingchange", listener: () => void, options: { once: true }): void;
}

/**
 * Runs `start` once the visitor sees the page: at once for a page opened as usual, and, for a page a speculation rule
 * prerendered in the background (`document.prerendering`), when the visitor navigates to it (`prerenderingchange`).
 * A prerendered page may never be shown, or be shown minutes later: whatever counts (a page view, a conversion, the
 * visit's source) or runs on a clock (the WhatsApp popup, carousels, the typewriter) starts here, so it counts once,
 * when seen, and its timers count from then.
 *
 * @param start receives when the page was shown, on the `performance.now()` clock: 0 for a page opened as usual (its
 *   load began as the visitor asked for it), the moment of activation for a prerendered one.
 * @param now the clock read at activation; tests pass their own.
 */
export function whenActivated(
  start: (shownAt: number) => void,
  // globalThis: read as undefined, not thrown, where there is no document (unit tests of the modules that use it).
  doc: ActivationTarget | undefined = globalThis.document as ActivationTarget | undefined,
  now: () => number = () => performance.now(),
): void {
  if (doc?.prerendering) doc.addEventListener("prerenderingchange", () => start(now()), { once: true });
  else start(0);
}
