import { describe, expect, test } from "vitest";
import { readThemeChoice, THEME_STORAGE_KEY } from "../../../src/lib/theme.ts";

const storing = (value: string | null) => () => ({
  getItem: (key: string) => (key === THEME_STORAGE_KEY ? value : null),
});

describe("readThemeChoice", () => {
  test("should return the stored light or dark choice", () => {
    expect(readThemeChoice(storing("dark"))).toBe("dark");
    expect(readThemeChoice(storing("light"))).toBe("light");
  });

  test("should follow the system when nothing or something unknown is stored", () => {
    expect(readThemeChoice(storing(null))).toBe("system");
    expect(readThemeChoice(storing("sepia"))).toBe("system");
  });

  test("should follow the system, silently, when storage is blocked", () => {
    const blocked = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    expect(readThemeChoice(blocked)).toBe("system");
  });
});
