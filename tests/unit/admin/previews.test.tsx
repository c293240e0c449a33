// @vitest-environment node
// (isolated: the previews set the island manifest, which other unit tests share)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type PreviewProps, previewTemplates } from "../../../src/admin/previews.tsx";
import { productPageSchema } from "../../../src/schemas/product-page.ts";
import { siteSchema } from "../../../src/schemas/site.ts";

const CONTENT = path.resolve(import.meta.dirname, "../../../content");
const yamlOf = (file: string) => parse(readFileSync(path.join(CONTENT, file), "utf8")) as unknown;
const templates = previewTemplates({
  site: siteSchema.parse(yamlOf("site.yaml")),
  productPage: productPageSchema.parse(yamlOf("product-page.yaml")),
});

/** Every entry of a folder of content/ as Decap hands it to a preview: the parsed fields (and a markdown body). */
function entries(folder: string): Record<string, unknown>[] {
  const names = folder === "." ? ["faq.yaml"] : readdirSync(path.join(CONTENT, folder));
  return names.map((name) => {
    const text = readFileSync(path.join(CONTENT, folder, name), "utf8");
    const front = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
    return front ? { ...(parse(front[1] ?? "") as object), body: front[2] } : (parse(text) as Record<string, unknown>);
  });
}

function render(collection: string, data: unknown): string {
  const props: PreviewProps = {
    entry: { get: () => ({ toJS: () => data }) },
    widgetFor: () => null,
    getAsset: () => undefined,
    fields: { find: () => undefined },
    document: { documentElement: { dataset: {} } } as unknown as Document,
  };
  const Template = templates[collection];
  if (!Template) throw new Error(`no preview for ${collection}`);
  return renderToStaticMarkup(<Template {...props} />);
}

/** mulberry32: a small seeded generator, so a failing entry is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WRONG_SHAPES: unknown[] = [undefined, "", null, 0, -1, 42.5, true, "x", [], {}, ["a"], [{}], { amount: 5 }];

/** One value as an editor may leave it mid-edit: gone, emptied, half-typed, or of another shape altogether. */
function mutate(value: unknown, next: () => number, depth = 0): unknown {
  const roll = next();
  if (typeof value === "string" && roll < 0.35) return value.slice(0, Math.floor(next() * value.length));
  if (value !== null && typeof value === "object" && depth < 2 && roll < 0.6) return partial(value, next, depth + 1);
  return WRONG_SHAPES[Math.floor(next() * WRONG_SHAPES.length)];
}

function partial(value: object, next: () => number, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => (next() < 0.3 ? mutate(item, next, depth) : item));
  const out: Record<string, unknown> = { ...value };
  for (const key of Object.keys(out)) if (next() < 0.3) out[key] = mutate(out[key], next, depth);
  return out;
}

describe("the previews of /admin", () => {
  for (const [collection, folder] of [
    ["posts", "blog"],
    ["products", "products"],
    ["portfolio", "portfolio"],
    ["faq", "."],
  ] as const) {
    it(`draw every ${collection} entry, however partial or mis-shaped, without throwing`, () => {
      const next = random(collection.length * 7919);
      const bases = [{}, ...entries(folder)];
      for (let i = 0; i < 120; i += 1) {
        const data = partial(bases[i % bases.length] ?? {}, next);
        expect(() => render(collection, data), JSON.stringify(data).slice(0, 600)).not.toThrow();
      }
    });
  }

  it("say in place that a price needs its currency, and draw the price once it has one", () => {
    const esim = parse(readFileSync(path.join(CONTENT, "products/esim.yaml"), "utf8")) as Record<string, unknown>;
    const typing = render("products", { ...esim, price: { amount: 59 } });
    expect(typing).toContain("<strong>price.currency</strong>: Missing required field");
    const fixed = render("products", { ...esim, price: { amount: 59, currency: "USD" } });
    expect(fixed).toContain("$59");
    expect(fixed).not.toContain("Not drawn until fixed");
  });

  it("draw the FAQ as the site does, with the facts of site.yaml in place of their {{names}}", () => {
    const faq = yamlOf("faq.yaml") as { categories: { category: string; questions: { q: string; a: string }[] }[] };
    const site = siteSchema.parse(yamlOf("site.yaml"));
    const quoting = faq.categories.flatMap((c) => c.questions).find((item) => item.a.includes("{{company."));
    expect(quoting, "faq.yaml quotes a fact of site.yaml").toBeDefined();
    const html = render("faq", faq);
    expect(html).toContain('<details class="faq-item"');
    expect(html).not.toContain("{{company.");
    expect(html).toContain(site.company.productCount);
    expect(
      render("faq", { categories: [{ category: "Typing", questions: [{ q: "Q?", a: "{{company.prod" }] }] }),
    ).toContain("{{company.prod");
  });

  it("show an undated article with no date rather than today's", () => {
    const html = render("posts", { title: "Undated", date: "" });
    expect(html).toMatch(/<time dateTime="">\s*<\/time>/);
    expect(render("posts", { title: "Half typed", date: "2025-0" })).toContain("<strong>date</strong>");
  });
});
