import BuyControl from "../../islands/buy-control.tsx";
import { type BuyControlProps, buyControlProps } from "../../lib/buy-mode.ts";
import { Island } from "../../lib/island.tsx";
import type { Product } from "../../schemas/product.ts";
import { useSiteContext } from "../site-context.tsx";
import { BuyLink } from "./buy-link.tsx";

export type BuyActionProduct = Pick<Product, "id" | "name" | "codecanyonUrl" | "sellDirectly" | "purchaseOptions" | "directSaleDescription">;

/**
 * The product's buy control wherever the catalogue offers a product (cards, detail hero, closing call to action, home's
 * explorer): Buy Now with the purchase dialog or the purchase options dropdown (an island, woken on interaction), or
 * the marketplace link (server HTML only) (src/lib/buy-mode.ts).
 */
export function BuyAction({ product, tone, block }: { product: BuyActionProduct } & Pick<BuyControlProps, "tone" | "block">) {
  const { content } = useSiteContext();
  const props = buyControlProps(product, content.site, { tone, block });
  if (props.mode === "marketplace") return <BuyLink {...props} />;
  return <Island of={BuyControl} props={props} hydrate="interaction" />;
}
