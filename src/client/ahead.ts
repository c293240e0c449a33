/**
 * Work done ahead of the visitor (keeping and parsing the next pages, fetching their sheets, loading the swap module)
 * never stands in the way of a tap. It runs in small slices, each in an idle period of its own; a slice waits while
 * input is pending (`navigator.scheduling.isInputPending`, where the engine has it) and until an interaction's answer
 * has had its time on screen (QUIET_MS after the input). Between the slices of one task, `scheduler.yield` (or a
 * timer) hands the thread back, so a tap landing mid-task waits for one slice at most.
 */

/** How long ahead work stands back after an input: its answer (a dialog, a menu, the next page) is drawn by then. */
const QUIET_MS = 500;
const INPUTS = ["pointerdown", "touchstart", "keydown"] as const;

/** When each window last had an input (a test's windows are several; a page has one). */
const lastInputs = new WeakMap<EventTarget, number>();
const page = globalThis as unknown as EventTarget;

const inputPending = () =>
  (navigator as Navigator & { scheduling?: { isInputPending?(): boolean } }).scheduling?.isInputPending?.() === true;

function listen(view: EventTarget): void {
  if (lastInputs.has(view)) return;
  lastInputs.set(view, Number.NEGATIVE_INFINITY);
  const noted = () => lastInputs.set(view, performance.now());
  for (const type of INPUTS) view.addEventListener(type, noted, { capture: true, passive: true });
}

const untilQuiet = (view: EventTarget) =>
  Math.max(0, (lastInputs.get(view) ?? Number.NEGATIVE_INFINITY) + QUIET_MS - performance.now());

const quiet = () => untilQuiet(page) === 0 && !inputPending();

/**
 * How long work a timer starts (not an idle slice) must still stand back for the last input's answer on `view`, 0 when
 * it may start now. Call it once early: inputs count from the first call on.
 */
export function standBack(view: EventTarget): number {
  listen(view);
  return untilQuiet(view);
}

const idle = () =>
  new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve());
    else setTimeout(resolve, 50);
  });

/** Resolves when a slice of work ahead may run: the thread idle, no input pending, none in the last QUIET_MS. */
export async function aheadSlice(): Promise<void> {
  listen(page);
  await idle();
  while (!quiet()) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(16, untilQuiet(page))));
    await idle();
  }
}

/** Between two slices of one task: gives the thread back, and waits as `aheadSlice` does if the visitor is busy. */
export async function nextSlice(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?(): Promise<void> } };
  await (scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
  if (!quiet()) await aheadSlice();
}
