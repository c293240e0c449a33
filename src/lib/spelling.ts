import { distance } from "fastest-levenshtein";

/**
 * The one candidate within `maxDistance` edits of `text` (case aside), or undefined when none is, or when two are
 * equally near: a guess between two names would mislead more than no guess. Edits are Levenshtein's, so swapped
 * letters ("titel" for "title") count two: callers allow at least two for any name longer than a few letters.
 */
export function closest(text: string, candidates: Iterable<string>, maxDistance: number): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  let tie = false;
  for (const candidate of candidates) {
    const edits = distance(text.toLowerCase(), candidate.toLowerCase());
    if (edits < bestDistance) [best, bestDistance, tie] = [candidate, edits, false];
    else if (edits === bestDistance && candidate !== best) tie = true;
  }
  return tie ? undefined : best;
}
