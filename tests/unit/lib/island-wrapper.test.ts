import { describe, expect, test } from "vitest";
import { serializeJson } from "../../../src/lib/island-wrapper.tsx";

describe("serializeJson", () => {
  test("cannot close the script element that carries island props", () => {
    const out = serializeJson({ text: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("</script");
    expect(JSON.parse(out)).toEqual({ text: "</script><script>alert(1)</script>" });
  });

  test("escapes HTML comment openers, ampersands and JavaScript line separators", () => {
    const out = serializeJson({ a: "<!-- & \u2028 \u2029" });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ a: "<!-- & \u2028 \u2029" });
  });
});
