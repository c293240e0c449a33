import { describe, expect, test } from "vitest";
import { TIMINGS } from "../../../src/lib/limits.ts";
import { typewriterCycle, typewriterTextAt } from "../../../src/lib/typewriter.ts";

const timings = {
  typeMs: TIMINGS.typewriterTypeMs,
  deleteMs: TIMINGS.typewriterDeleteMs,
  pauseMs: TIMINGS.typewriterPauseMs,
};
const words = ["Startup Ideas", "Mobile Apps", "Web Platforms"];

describe("typewriterCycle", () => {
  const steps = typewriterCycle(words, timings);
  const at = (ms: number) => typewriterTextAt(steps, ms);

  test("shows the first word for the 2000 ms pause, then deletes one character every 50 ms", () => {
    expect(at(0)).toBe("Startup Ideas");
    expect(at(1999)).toBe("Startup Ideas");
    expect(at(2000)).toBe("Startup Idea");
    expect(at(2049)).toBe("Startup Idea");
    expect(at(2050)).toBe("Startup Ide");
    expect(at(2000 + 11 * 50)).toBe("S");
    expect(at(2000 + 12 * 50)).toBe("");
  });

  test("types the next word one character every 100 ms and pauses on it", () => {
    const empty = 2000 + 12 * 50;
    expect(at(empty + 99)).toBe("");
    expect(at(empty + 100)).toBe("M");
    expect(at(empty + 1000)).toBe("Mobile App");
    expect(at(empty + 1100)).toBe("Mobile Apps");
    expect(at(empty + 1100 + 1999)).toBe("Mobile Apps");
    expect(at(empty + 1100 + 2000)).toBe("Mobile App");
  });

  test("goes through every word and starts over", () => {
    const total = steps.reduce((sum, step) => sum + step.ms, 0);
    const full = steps.filter((step) => step.ms === timings.pauseMs).map((step) => step.text);
    expect(full).toEqual(words);
    expect(at(total)).toBe("Startup Ideas");
    expect(steps.at(-1)?.text).toBe("Startup Idea");
  });

  test("copes with one word or none", () => {
    expect(typewriterCycle(["Apps"], timings).map((s) => s.text)).toEqual([
      "Apps",
      "App",
      "Ap",
      "A",
      "",
      "A",
      "Ap",
      "App",
    ]);
    expect(typewriterCycle([], timings)).toEqual([{ text: "", ms: timings.pauseMs }]);
  });
});
