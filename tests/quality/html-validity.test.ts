import { beforeAll, describe, expect, test } from "vitest";
import { type BuiltSite, builtSite } from "./built-site.ts";

/** Every built page passes html-validate (tests/quality/html-validate-config.ts says which rules and why). */
describe("HTML validity", () => {
  let site: BuiltSite;

  beforeAll(async () => {
    site = await builtSite();
  });

  test("every page validates with no errors", async () => {
    // One line per error, naming the pages it occurs on (the shell repeats the same markup on every page).
    const errors = new Map<string, string[]>();
    for (const page of site.pages) {
      const report = await site.validator.validateString(page.html, page.file);
      for (const m of report.results.flatMap((result) => result.messages)) {
        if (m.severity < 2) continue;
        const key = `${m.ruleId}: ${m.message}${m.selector ? ` (${m.selector})` : ""}`;
        const where = `${page.path}:${m.line}:${m.column}`;
        errors.set(key, [...(errors.get(key) ?? []), where]);
      }
    }
    const lines = [...errors].map(
      ([key, where]) =>
        `${key}; at ${where.length > 3 ? `${where.slice(0, 3).join(", ")} and ${where.length - 3} more` : where.join(", ")}`,
    );
    expect(lines).toEqual([]);
  });
});
