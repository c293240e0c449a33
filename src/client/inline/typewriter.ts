import { TIMINGS } from "../../lib/limits.ts";
import { typewriterCycle } from "../../lib/typewriter.ts";
import { whenActivated } from "../activation.ts";

/**
 * The hero's typewriter (placed right after the heading by src/components/home/hero.tsx): the words of `data-words`, typed at
 * 100 ms and deleted at 50 ms per character with 2000 ms on each full word (SPEC). A chain of timers touches the
 * text only when it changes; a CSS animation of `content` would run style work on every frame, which Lighthouse
 * measured as seconds of blocking time. The server HTML shows the first word, which stays with reduced motion.
 */
(() => {
  const box = document.currentScript?.previousElementSibling?.querySelector("[data-words]");
  const text = box?.firstElementChild;
  if (!(box instanceof HTMLElement) || !text || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const steps = typewriterCycle(JSON.parse(box.dataset.words ?? "[]") as string[], {
    typeMs: TIMINGS.typewriterTypeMs,
    deleteMs: TIMINGS.typewriterDeleteMs,
    pauseMs: TIMINGS.typewriterPauseMs,
  });
  let index = 0;
  const step = () => {
    const current = steps[index];
    // A page swapped out (src/client/page-swap.ts) takes its typewriter with it: it stops there.
    if (!current || !box.isConnected) return;
    text.textContent = current.text;
    // Between two words the line holds only the caret: it stops blinking then, so the line never looks empty.
    box.toggleAttribute("data-empty", !current.text);
    index = (index + 1) % steps.length;
    setTimeout(step, current.ms);
  };
  // The cycle (first word held for its pause) starts once the page has loaded: the first seconds belong to parsing,
  // layout and images, and a busy phone or Lighthouse counts any change of text then as main-thread work. A
  // prerendered page starts it when shown.
  whenActivated(() => {
    if (document.readyState === "complete") step();
    else addEventListener("load", step, { once: true });
  });
})();
