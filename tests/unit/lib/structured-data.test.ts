import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { loadContent } from "../../../build/load-content.ts";
import { validateContent } from "../../../build/validate-content.ts";
import { organization, softwareApplication } from "../../../src/lib/structured-data.ts";
import type { Product, Site } from "../../../src/schemas/index.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("softwareApplication", () => {
  let site: Site;
  let products: Product[];
  beforeAll(async () => {
    ({ site, products } = validateContent(await loadContent(path.join(ROOT, "content"))));
  });
  const withPrice = (price: Product["price"], sellDirectly = false): Product => {
    const base = products.find((p) => !p.sellDirectly) ?? products[0];
    if (!base) throw new Error("content/products is empty");
    return { ...base, price, sellDirectly };
  };

  test("should offer the product at its price and currency from content, where it is sold", () => {
    const product = withPrice({ amount: 59, currency: "USD" });
    expect(softwareApplication(product, site).offers).toEqual({
      "@type": "Offer",
      price: 59,
      priceCurrency: "USD",
      url: product.codecanyonUrl,
      availability: "https://schema.org/InStock",
      seller: { "@type": "Organization", name: site.name },
    });
  });

  test("should point a direct sale's offer at the product page", () => {
    const product = withPrice({ amount: 1499.5, currency: "EUR" }, true);
    expect(softwareApplication(product, site).offers).toMatchObject({
      price: 1499.5,
      priceCurrency: "EUR",
      url: `${site.url.replace(/\/$/, "")}/products/${product.id}`,
    });
  });

  test("should make no offer for a product without a price, and invent none", () => {
    const app = softwareApplication(withPrice(undefined), site);
    expect(app).not.toHaveProperty("offers");
    expect(app).toMatchObject({ "@type": "SoftwareApplication", aggregateRating: { "@type": "AggregateRating" } });
  });
});

describe("organization", () => {
  test("should give search engines a raster logo", async () => {
    const { site } = validateContent(await loadContent(path.join(ROOT, "content")));
    expect(organization(site).logo).toBe(`${site.url.replace(/\/$/, "")}/icon-512.png`);
  });
});
