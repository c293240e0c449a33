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

let lastInput = Number.NEGATIVE_INFINITY;
let listening = false;

const inputPending = () =>
  (navigator as Navigator & { scheduling?: { isInputPending?(): boolean } }).scheduling?.isInputPending?.() === true;

const quiet = () => performance.now() - lastInput >= QUIET_MS && !inputPending();

const idle = () =>
  new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve());
    else setTimeout(resolve, 50);
  });

/** Resolves when a slice of work ahead may run: the thread idle, no input pending, none in the last QUIET_MS. */
export async function aheadSlice(): Promise<void> {
  if (!listening) {
    listening = true;
    const noted = () => {
      lastInput = performance.now();
    };
    for (const type of INPUTS) addEventListener(type, noted, { capture: true, passive: true });
  }
  await idle();
  while (!quiet()) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(16, lastInput + QUIET_MS - performance.now())));
    await idle();
  }
}

/** Between two slices of one task: gives the thread back, and waits as `aheadSlice` does if the visitor is busy. */
export async function nextSlice(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?(): Promise<void> } };
  await (scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
  if (!quiet()) await aheadSlice();
}
