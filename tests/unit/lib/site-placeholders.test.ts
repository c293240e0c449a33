import { describe, expect, test } from "vitest";
import {
  fillPlaceholdersIn,
  fillSitePlaceholders,
  SITE_PLACEHOLDERS,
  unknownPlaceholders,
} from "../../../src/lib/site-placeholders.ts";
import type { Site } from "../../../src/schemas/site.ts";

const site = {
  leads: { acknowledge: true, retentionDays: 90 },
  company: { productCount: "9+", clientCount: "1200+", yearsExperience: "10+", foundingYear: 2016 },
} as Site;

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
      "content/pages/privacy.md: unknown placeholder {{leads.retention}}; expected one of {{leads.retentionDays}}, {{company.productCount}}",
    );
  });

  test("should offer the settings the handlers read and the company's claims, each written once in site.yaml", () => {
    expect(Object.keys(SITE_PLACEHOLDERS)).toEqual([
      "leads.retentionDays",
      "company.productCount",
      "company.clientCount",
      "company.yearsExperience",
      "company.foundingYear",
    ]);
  });

  test("should fill every text of a YAML file, however deep, and name the placeholders that exist nowhere", () => {
    const faq = [{ category: "General", questions: [{ q: "How many?", a: "Our {{company.productCount}} products." }] }];
    expect(fillPlaceholdersIn(faq, site, "content/faq.yaml")).toEqual([
      { category: "General", questions: [{ q: "How many?", a: "Our 9+ products." }] },
    ]);
    expect(unknownPlaceholders("{{company.productCount}} and {{company.prodCount}}")).toEqual(["company.prodCount"]);
  });
});
