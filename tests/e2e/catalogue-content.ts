import type { Product } from "../../src/schemas/product.ts";
import { content } from "./site-content.ts";

/** The catalogue in menu order and the copy every product page shares, as the build reads them. */
export const products: Product[] = content.products;

export const productPage = content.productPage;

export function product(id: string): Product {
  const found = products.find((p) => p.id === id);
  if (!found) throw new Error(`No product ${id} in content/products`);
  return found;
}
