import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import type { Product } from "../../src/schemas/product.ts";
import type { ProductPageCopy } from "../../src/schemas/product-page.ts";

/** The catalogue as editors wrote it, so the browser tests follow content changes instead of repeating them. */
const CONTENT = path.resolve(import.meta.dirname, "../../content");

export const products: Product[] = readdirSync(path.join(CONTENT, "products"))
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => parse(readFileSync(path.join(CONTENT, "products", f), "utf8")) as Product)
  .sort((a, b) => a.order - b.order);

export const productPage = parse(readFileSync(path.join(CONTENT, "product-page.yaml"), "utf8")) as ProductPageCopy;

export function product(id: string): Product {
  const found = products.find((p) => p.id === id);
  if (!found) throw new Error(`No product ${id} in content/products`);
  return found;
}
