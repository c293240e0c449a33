import { useEffect, useState } from "react";
import { TIMINGS } from "../lib/limits.ts";
import { typewriterCycle } from "../lib/typewriter.ts";

interface TypewriterProps {
  words: string[];
}

/**
 * The hero's rotating words, typed and deleted (SPEC timings). Decorative: the heading carries every word for screen
 * readers and crawlers, so this is aria-hidden. The server shows the first word; with reduced motion it stays.
 */
export default function Typewriter({ words }: TypewriterProps) {
  const [text, setText] = useState(words[0] ?? "");

  useEffect(() => {
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const steps = typewriterCycle(words, {
      typeMs: TIMINGS.typewriterTypeMs,
      deleteMs: TIMINGS.typewriterDeleteMs,
      pauseMs: TIMINGS.typewriterPauseMs,
    });
    // A chain of timeouts owned by this effect, independent of React's render timing.
    let index = 0;
    let timer = setTimeout(function step() {
      index = (index + 1) % steps.length;
      const current = steps[index];
      if (!current) return;
      setText(current.text);
      timer = setTimeout(step, current.ms);
    }, steps[0]?.ms ?? 0);
    return () => clearTimeout(timer);
  }, [words]);

  return (
    <span className="typewriter" aria-hidden="true">
      <span className="typewriter__text">{text}</span>
      <span className="typewriter__caret" />
    </span>
  );
}
