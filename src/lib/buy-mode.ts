import type { Product } from "../schemas/product.ts";
import type { Site } from "../schemas/site.ts";

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

/** One entry of the purchase options dropdown. */
type PurchaseOption = {
  label: string;
  url: string;
  description?: string;
};

/** What a buy control needs of a product and the site (src/components/product/buy-control.tsx). */
export type BuyControlProps = {
  productId: string;
  productName: string;
  mode: BuyMode;
  /** The product page on the marketplace: the link of the "marketplace" mode. */
  marketplaceUrl: string;
  /** "CodeCanyon": the buttons read "Buy on CodeCanyon". */
  marketplaceName: string;
  /** The dropdown entries of the "options" mode; empty otherwise. */
  purchaseOptions: PurchaseOption[];
  /** Shown above the inquiry form in the product inquiry dialog (the product's directSaleDescription). */
  dialogDescription: string;
  /** Named in the inquiry failure message. */
  contactEmail: string;
  contactPhone: string;
  size?: "sm" | "md" | "lg";
  /** "light" for dark bands. */
  tone?: "primary" | "light";
  block?: boolean;
};

type BuyProduct = Pick<
  Product,
  "id" | "name" | "sellDirectly" | "purchaseOptions" | "codecanyonUrl" | "directSaleDescription"
>;

/** A buy control's props from a product and the site facts, the same small data on every page. */
export function buyControlProps(
  product: BuyProduct,
  site: Pick<Site, "marketplace" | "contact">,
  look: Pick<BuyControlProps, "size" | "tone" | "block"> = {},
): BuyControlProps {
  const mode = buyMode(product);
  return {
    productId: product.id,
    productName: product.name,
    mode,
    marketplaceUrl: product.codecanyonUrl,
    marketplaceName: site.marketplace.name,
    purchaseOptions:
      mode === "options"
        ? (product.purchaseOptions ?? []).map(({ label, url, description }) =>
            description ? { label, url, description } : { label, url },
          )
        : [],
    dialogDescription: mode === "dialog" ? product.directSaleDescription : "",
    contactEmail: site.contact.email,
    contactPhone: site.contact.phone,
    ...look,
  };
}
