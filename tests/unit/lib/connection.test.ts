import { describe, expect, test } from "vitest";
import { mayFetchAhead } from "../../../src/lib/connection.ts";

describe("mayFetchAhead", () => {
  test.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: "4g" }, true],
    [{ effectiveType: "3g", saveData: false }, true],
    [{ saveData: true, effectiveType: "4g" }, false],
    [{ effectiveType: "2g" }, false],
    [{ effectiveType: "slow-2g" }, false],
  ])("should allow fetching ahead on %j: %s", (connection, allowed) => {
    expect(mayFetchAhead(connection)).toBe(allowed);
  });
});
