/**
 * Edit distance with adjacent transpositions (optimal string alignment, a restricted Damerau-Levenshtein): "titel" is
 * one edit from "title", as a typist sees it, where plain Levenshtein counts two.
 */
export function editDistance(a: string, b: string): number {
  // Rows i-2, i-1 and i of the usual table.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current[j] = best;
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length] ?? 0;
}

/**
 * The one candidate within `maxDistance` edits of `text` (case aside), or undefined when none is, or when two are
 * equally near: a guess between two names would mislead more than no guess.
 */
export function closest(text: string, candidates: Iterable<string>, maxDistance: number): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  let tie = false;
  for (const candidate of candidates) {
    const distance = editDistance(text.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance, tie] = [candidate, distance, false];
    else if (distance === bestDistance && candidate !== best) tie = true;
  }
  return tie ? undefined : best;
}
