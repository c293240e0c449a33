import { describe, expect, test } from "vitest";
import { readingMinutes } from "../../../src/lib/reading-time.ts";

describe("readingMinutes", () => {
  test("counts words at 200 per minute, rounded", () => {
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
    expect(readingMinutes("word ".repeat(1100))).toBe(6);
  });
  test("never says less than one minute", () => {
    expect(readingMinutes("")).toBe(1);
  });
  test("ignores markdown punctuation that is not a word", () => {
    expect(readingMinutes("- - - # ## word")).toBe(1);
  });
});
