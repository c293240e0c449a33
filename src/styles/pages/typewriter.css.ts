import { HERO_WORDS } from "../../components/home/hero-words.ts";
import { TIMINGS } from "../../lib/limits.ts";
import { cssString, typewriterCycle, typewriterKeyframes } from "../../lib/typewriter.ts";

/**
 * The hero's typewriter (SPEC: 100 ms per character typed, 50 ms per character deleted, 2000 ms on the full word),
 * generated at build time so the page needs no script for it. The first word stands still for visitors who prefer
 * reduced motion. The words themselves are in the heading's accessible text; this text is decoration.
 */
const steps = typewriterCycle(HERO_WORDS, {
  typeMs: TIMINGS.typewriterTypeMs,
  deleteMs: TIMINGS.typewriterDeleteMs,
  pauseMs: TIMINGS.typewriterPauseMs,
});
const { css, durationMs } = typewriterKeyframes("typewriter", steps);

export default `.typewriter__text::before{content:${cssString(HERO_WORDS[0] ?? "")}}
@media (prefers-reduced-motion: no-preference){${css}.typewriter__text::before{animation:typewriter ${durationMs}ms step-end infinite}}
`;
