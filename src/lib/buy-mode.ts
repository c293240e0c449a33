import type { Product } from "../schemas/product.ts";

/**
 * How a product is bought (SPEC, buy control rule): sold directly → a Buy Now button opening the product inquiry dialog;
 * several purchase options → a dropdown of them; otherwise a link to its marketplace page.
 */
export type BuyMode = "dialog" | "options" | "marketplace";

export function buyMode(product: Pick<Product, "sellDirectly" | "purchaseOptions">): BuyMode {
  if (product.sellDirectly) return "dialog";
  if ((product.purchaseOptions?.length ?? 0) > 1) return "options";
  return "marketplace";
}
