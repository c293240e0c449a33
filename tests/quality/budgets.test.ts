import { beforeAll, describe, expect, test } from "vitest";
import { formatWeights, type PageWeight, weighPages } from "./page-weight.ts";
import { elementsOf, parsePage } from "../../build/html-tree.ts";
import { BYTE_BUDGETS, formatKb, HOME_ELEMENTS } from "./budgets.ts";
import { type BuiltSite, builtSite } from "./built-site.ts";

/**
 * Byte budgets, checked on the real build's pages as weighed here (tests/quality/page-weight.ts, the one definition of
 * page weight): one line per page over budget, with the numbers.
 */
describe("byte budgets", () => {
  let site: BuiltSite;
  let weights: PageWeight[];

  beforeAll(async () => {
    site = await builtSite();
    weights = await weighPages(site.dir, site.pages);
    console.log(formatWeights(weights));
  });

  test("weighs every page the build wrote", () => {
    expect(weights.map((w) => w.path).sort()).toEqual(site.pages.map((page) => page.path).sort());
    for (const weight of weights) expect(weight.html, weight.path).toBeGreaterThan(0);
  });

  /** One line per page over `budget` on `measure`, with the numbers and, when given, why. */
  const over = (
    measure: "html" | "css" | "jsCriticalPath",
    budget: number,
    why: (w: PageWeight) => string = () => "",
  ) =>
    weights
      .filter((w) => w[measure] > budget)
      .map((w) => {
        const line = `${w.path}: ${formatKb(w[measure])} (${w[measure]} bytes), budget ${formatKb(budget)}, over by ${formatKb(w[measure] - budget)}`;
        return why(w) ? `${line}; ${why(w)}` : line;
      });

  test("measures every script, stylesheet and image a page references", () => {
    expect(weights.filter((w) => w.missing.length > 0).map((w) => `${w.path}: ${w.missing.join(", ")}`)).toEqual([]);
    for (const w of weights) {
      expect(w.css, `${w.path} has no stylesheet`).toBeGreaterThan(0);
      expect(w.jsCriticalPath, `${w.path} loads no island loader`).toBeGreaterThan(0);
    }
  });

  test(`each page's HTML is at most ${formatKb(BYTE_BUDGETS.html)} gzip`, () => {
    expect(over("html", BYTE_BUDGETS.html)).toEqual([]);
  });

  test(`each page's CSS is at most ${formatKb(BYTE_BUDGETS.css)} gzip`, () => {
    expect(over("css", BYTE_BUDGETS.css)).toEqual([]);
  });

  test(`a policy page's CSS is at most ${formatKb(BYTE_BUDGETS.policyCss)} gzip`, () => {
    // Each policy page in content/pages is a route of its own name (/privacy, /refund, ...).
    const policies = weights.filter((w) => site.result.content.pages.some((policy) => w.path === `/${policy.name}`));
    expect(policies.length).toBeGreaterThan(0);
    expect(
      over("css", BYTE_BUDGETS.policyCss).filter((line) => policies.some((w) => line.startsWith(`${w.path}:`))),
    ).toEqual([]);
  });

  test(`each page requests at most ${formatKb(BYTE_BUDGETS.jsBeforeInteraction)} gzip of JavaScript before the first interaction, on its critical path`, () => {
    const lines = over("jsCriticalPath", BYTE_BUDGETS.jsBeforeInteraction, (w) =>
      w.islandsOnLoad.length ? `islands woken on load (React included): ${w.islandsOnLoad.join(", ")}` : "",
    );
    expect(lines).toEqual([]);
  });

  test(`the home page's HTML is at most ${formatKb(BYTE_BUDGETS.homeHtml)} gzip and ${HOME_ELEMENTS} elements`, () => {
    const home = site.pages.find((page) => page.path === "/");
    const weight = weights.find((w) => w.path === "/");
    expect(home && weight).toBeDefined();
    if (!home || !weight) return;
    expect(weight.html, `home page: ${formatKb(weight.html)} gzip HTML`).toBeLessThanOrEqual(BYTE_BUDGETS.homeHtml);
    expect(elementsOf(parsePage(home.html)).length, "home page: elements").toBeLessThanOrEqual(HOME_ELEMENTS);
  });

  test(`the whole home page transfers at most ${formatKb(BYTE_BUDGETS.homeTransfer)}`, () => {
    const home = weights.find((w) => w.path === "/");
    expect(home).toBeDefined();
    if (!home) return;
    const parts = `html ${formatKb(home.html)} + css ${formatKb(home.css)} + js ${formatKb(home.jsTotal)} + media ${formatKb(home.media)}`;
    expect(home.transfer, `home page: ${formatKb(home.transfer)} = ${parts}`).toBeLessThanOrEqual(
      BYTE_BUDGETS.homeTransfer,
    );
  });
});
