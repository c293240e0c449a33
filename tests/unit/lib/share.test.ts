import { describe, expect, test } from "vitest";
import { shareLinks } from "../../../src/lib/share.ts";

describe("shareLinks", () => {
  const url = "https://www.example.com/blog/a-post?x=1&y=2";
  const links = shareLinks(url, "A post & more");
  test("offers LinkedIn, X, Facebook and WhatsApp", () => {
    expect(links.map((l) => l.network)).toEqual(["LinkedIn", "X", "Facebook", "WhatsApp"]);
  });
  test("should carry the exact page URL in every link, safely encoded", () => {
    for (const link of links) {
      const values = [...new URL(link.href).searchParams.values()];
      expect(
        values.some((v) => v.includes(url)),
        link.network,
      ).toBe(true);
    }
  });
  test("should put the title in the message where the network takes one", () => {
    expect(new URL(links[1]?.href ?? "").searchParams.get("text")).toBe("A post & more");
    expect(new URL(links[3]?.href ?? "").searchParams.get("text")).toBe(`A post & more ${url}`);
  });
});
