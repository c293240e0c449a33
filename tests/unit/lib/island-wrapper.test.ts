import { describe, expect, test } from "vitest";
import { assertJson, serializeJson } from "../../../src/lib/island-wrapper.tsx";

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

describe("assertJson", () => {
  test("accepts plain data", () => {
    expect(() =>
      assertJson({ id: "esim", n: 1, list: [true, null, { x: "y" }] }, "island buy-control prop"),
    ).not.toThrow();
  });

  test("names the prop path of a function", () => {
    expect(() => assertJson({ options: [{ onClick: () => {} }] }, "island buy-control prop")).toThrow(
      "island buy-control prop props.options[0].onClick is a function",
    );
  });

  test("rejects dates and NaN, which JSON would silently change", () => {
    expect(() => assertJson({ when: new Date() }, "island x prop")).toThrow("props.when is a Date");
    expect(() => assertJson({ n: Number.NaN }, "island x prop")).toThrow("props.n is NaN");
  });
});
