import { describe, expect, it } from "vitest";
import { TABLE_PATTERN, tableFromMarkdown, tableToHtml, tableToMarkdown } from "../../../src/admin/table.ts";

describe("the table component of /admin", () => {
  const markdown =
    "| Plan | Price | Support |\n| --- | ---: | :---: |\n| Basic | 25,000 | 3 months |\n| Complete | 60,000 | 1 year |";

  it("reads a markdown table into columns with their alignment and rows, and writes it back as it was", () => {
    const match = `Intro\n\n${markdown}\n\nAfter`.match(TABLE_PATTERN);
    if (!match) throw new Error("no table found");
    const table = tableFromMarkdown(match);
    expect(table.columns).toEqual([
      { heading: "Plan", align: "left" },
      { heading: "Price", align: "right" },
      { heading: "Support", align: "center" },
    ]);
    expect(table.rows[1]?.cells).toEqual(["Complete", "60,000", "1 year"]);
    expect(tableToMarkdown(table)).toBe(markdown);
  });

  it("draws the preview's cells with the classes the site aligns them by", () => {
    const html = tableToHtml({ columns: [{ heading: "Price", align: "right" }], rows: [{ cells: ["25,000 <b>"] }] });
    expect(html).toBe(
      '<table><thead><tr><th class="align-right">Price</th></tr></thead><tbody><tr><td class="align-right">25,000 &lt;b></td></tr></tbody></table>',
    );
  });
});
