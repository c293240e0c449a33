import { Download, Wrench } from "../icon.tsx";
import type { Product } from "../../schemas/product.ts";
import { BuyControl, type BuyControlProduct } from "./buy-control.tsx";

type CtaProduct = BuyControlProduct & Pick<Product, "documentationUrl" | "directSaleDescription">;

/** The closing call to action: buy, or read the documentation and ask for installation first. */
export function PurchaseCta({ product }: { product: CtaProduct }) {
  return (
    <section className="purchase-cta" aria-labelledby="purchase-cta">
      <div className="container purchase-cta__inner">
        <h2 id="purchase-cta">Ready to launch your own {product.name}?</h2>
        <p>
          {product.sellDirectly && product.directSaleDescription
            ? product.directSaleDescription
            : "Get the complete source code today, install it on your own server or let our team do it for you, and go live under your brand."}
        </p>
        <div className="product-actions product-actions--center">
          <BuyControl product={product} tone="light" />
          <a className="button button--outline-light" href={product.documentationUrl} download>
            <Download aria-hidden="true" size={18} /> Download Documentation
          </a>
          <a className="button button--outline-light" href={`/installation?product=${product.id}`}>
            <Wrench aria-hidden="true" size={18} /> Request Installation
          </a>
        </div>
      </div>
    </section>
  );
}
