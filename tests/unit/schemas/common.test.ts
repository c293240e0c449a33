import { describe, expect, test } from "vitest";
import { impossibleDate, isoDate } from "../../../src/schemas/common.ts";

describe("isoDate", () => {
  test("accepts real days, leap days included", () => {
    for (const day of ["2025-01-31", "2024-02-29", "2000-02-29", "2025-12-31"])
      expect(isoDate().safeParse(day).success, day).toBe(true);
  });

  test("refuses days the calendar does not have, saying why", () => {
    expect(impossibleDate("2025-02-29")).toBe('Impossible date "2025-02-29": February 2025 has 28 days');
    expect(impossibleDate("2100-02-29")).toBe('Impossible date "2100-02-29": February 2100 has 28 days');
    expect(impossibleDate("2025-04-31")).toBe('Impossible date "2025-04-31": April 2025 has 30 days');
    expect(impossibleDate("2025-01-00")).toBe('Impossible date "2025-01-00": January 2025 has 31 days');
    expect(impossibleDate("2025-00-10")).toBe('Impossible date "2025-00-10": there is no month 0; write yyyy-mm-dd');
  });

  test("asks for yyyy-mm-dd when the date is written another way, with one message only", () => {
    const result = isoDate().safeParse("23/11/2025");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Expected a date written yyyy-mm-dd"]);
  });
});
