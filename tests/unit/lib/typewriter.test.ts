import { describe, expect, test } from "vitest";
import { TIMINGS } from "../../../src/lib/limits.ts";
import { cssString, typewriterCycle, typewriterKeyframes, typewriterTextAt } from "../../../src/lib/typewriter.ts";

const timings = { typeMs: TIMINGS.typewriterTypeMs, deleteMs: TIMINGS.typewriterDeleteMs, pauseMs: TIMINGS.typewriterPauseMs };
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
    expect(typewriterCycle(["Apps"], timings).map((s) => s.text)).toEqual(["Apps", "App", "Ap", "A", "", "A", "Ap", "App"]);
    expect(typewriterCycle([], timings)).toEqual([{ text: "", ms: timings.pauseMs }]);
  });
});

describe("typewriterKeyframes", () => {
  const steps = typewriterCycle(words, timings);
  const { css, durationMs } = typewriterKeyframes("typewriter", steps);
  const frames = [...css.matchAll(/([\d.]+)%\{content:"([^"]*)"\}/g)].map(([, at = "", text = ""]) => ({ ms: (Number(at) / 100) * durationMs, text }));

  test("lasts one whole cycle and has a keyframe for every step, in order", () => {
    expect(durationMs).toBe(steps.reduce((sum, step) => sum + step.ms, 0));
    expect(frames.map((f) => f.text)).toEqual(steps.map((s) => s.text));
  });

  test("changes the text when the typewriter would, never later and less than a millisecond early", () => {
    let start = 0;
    steps.forEach((step, i) => {
      const frame = frames[i];
      expect(frame?.ms).toBeLessThanOrEqual(start);
      expect(frame?.ms).toBeGreaterThan(start - 1);
      expect(typewriterTextAt(steps, start)).toBe(frame?.text);
      start += step.ms;
    });
  });

  test("writes words with quotes and backslashes as valid CSS strings", () => {
    expect(cssString('Say "hi" \\ bye')).toBe('"Say \\"hi\\" \\\\ bye"');
  });
});
