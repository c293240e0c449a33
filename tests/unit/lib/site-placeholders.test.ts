import { describe, expect, test } from "vitest";
import { fillSitePlaceholders, SITE_PLACEHOLDERS } from "../../../src/lib/site-placeholders.ts";
import type { Site } from "../../../src/schemas/site.ts";

const site = { leads: { acknowledge: true, retentionDays: 90 } } as Site;

describe("fillSitePlaceholders", () => {
  test("should put the retention period of site.yaml into the privacy policy's text", () => {
    expect(
      fillSitePlaceholders(
        "<p>deleted {{leads.retentionDays}} days after, {{ leads.retentionDays }} at most</p>",
        site,
        "content/pages/privacy.md",
      ),
    ).toBe("<p>deleted 90 days after, 90 at most</p>");
  });

  test("should name the file and the known placeholders when an editor mistypes one", () => {
    expect(() => fillSitePlaceholders("<p>{{leads.retention}}</p>", site, "content/pages/privacy.md")).toThrow(
      "content/pages/privacy.md: unknown placeholder {{leads.retention}}; expected one of {{leads.retentionDays}}",
    );
  });

  test("should offer only the settings the handlers read", () => {
    expect(Object.keys(SITE_PLACEHOLDERS)).toEqual(["leads.retentionDays"]);
  });
});
