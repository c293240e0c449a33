import BuyControl from "../../islands/buy-control.tsx";
import { buyControlProps } from "../../lib/buy-mode.ts";
import { Island } from "../../lib/island.tsx";
import type { Product } from "../../schemas/product.ts";
import { useSiteContext } from "../site-context.tsx";

export type BuyActionProduct = Pick<Product, "id" | "name" | "codecanyonUrl" | "sellDirectly" | "purchaseOptions" | "directSaleDescription">;

/**
 * The product's buy control wherever the catalogue offers a product (cards, detail hero, closing call to action):
 * Buy Now with the purchase dialog, the purchase options dropdown, or the marketplace link (src/lib/buy-mode.ts).
 */
export function BuyAction({ product, tone, block }: { product: BuyActionProduct; tone?: "primary" | "light"; block?: boolean }) {
  const { content } = useSiteContext();
  return <Island of={BuyControl} props={buyControlProps(product, content.site, { tone, block })} hydrate="interaction" />;
}
