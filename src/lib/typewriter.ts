/** How long each step of the typewriter waits (SPEC section 9: TIMINGS.typewriter*). */
export interface TypewriterTimings {
  typeMs: number;
  deleteMs: number;
  pauseMs: number;
}

/** One state of the typewriter: the text shown and how long it stays. */
export interface TypewriterStep {
  text: string;
  ms: number;
}

/**
 * One full cycle of the typewriter, starting with the first word fully typed (as the server renders it). Each step
 * lasts until the next change: the full word stays `pauseMs`, then one character goes every `deleteMs`; once the
 * text is empty, the next word's characters come every `typeMs` until it is full again. Words that are empty are
 * skipped; with no words there is one empty step.
 */
export function typewriterCycle(words: readonly string[], timings: TypewriterTimings): TypewriterStep[] {
  const list = words.filter((word) => word.length > 0);
  if (list.length === 0) return [{ text: "", ms: timings.pauseMs }];
  const steps: TypewriterStep[] = [];
  list.forEach((word, index) => {
    const next = list[(index + 1) % list.length] ?? word;
    steps.push({ text: word, ms: timings.pauseMs });
    for (let length = word.length - 1; length > 0; length--)
      steps.push({ text: word.slice(0, length), ms: timings.deleteMs });
    steps.push({ text: "", ms: timings.typeMs });
    for (let length = 1; length < next.length; length++)
      steps.push({ text: next.slice(0, length), ms: timings.typeMs });
  });
  return steps;
}

/** The text shown `elapsedMs` after the cycle started (the cycle repeats forever). */
export function typewriterTextAt(steps: readonly TypewriterStep[], elapsedMs: number): string {
  const total = steps.reduce((sum, step) => sum + step.ms, 0);
  let t = total > 0 ? elapsedMs % total : 0;
  for (const step of steps) {
    if (t < step.ms) return step.text;
    t -= step.ms;
  }
  return steps[0]?.text ?? "";
}
