import { Download, LifeBuoy, Wrench } from "../icon.tsx";
import { formatPrice } from "../../lib/money.ts";
import type { Product } from "../../schemas/product.ts";
import { BuyControl, type BuyControlProduct } from "./buy-control.tsx";
import { Picture } from "../picture.tsx";

type HeroProduct = BuyControlProduct &
  Pick<Product, "category" | "tagline" | "shortDescription" | "image" | "documentationUrl" | "price">;

/** Top of a product page: category, name, tagline, the buy control and the three next steps, beside the artwork. */
export function ProductHero({ product }: { product: HeroProduct }) {
  return (
    <section className="product-hero" aria-labelledby="product-title">
      <div className="container product-hero__inner">
        <div className="product-hero__text">
          <p className="eyebrow">{product.category}</p>
          <h1 id="product-title">{product.name}</h1>
          <p className="lead">{product.tagline}</p>
          <p>{product.shortDescription}</p>
          {product.price && (
            // The price search engines are given (src/lib/structured-data.ts) must be one the visitor can see.
            <p className="product-hero__price">
              {product.sellDirectly ? "Price" : "Regular licence"} <strong>{formatPrice(product.price)}</strong>
            </p>
          )}
          <div className="product-actions">
            <BuyControl product={product} />
            <a className="button" href={product.documentationUrl} download>
              <Download aria-hidden="true" size={18} /> Download Documentation
            </a>
            <a className="button" href={`/installation?product=${product.id}`}>
              <Wrench aria-hidden="true" size={18} /> Request Installation
            </a>
            <a className="button" href="/contact">
              <LifeBuoy aria-hidden="true" size={18} /> Get Support
            </a>
          </div>
        </div>
        <Picture
          slot="half"
          priority
          className="product-hero__image"
          src={product.image}
          alt={`${product.name} screens`}
          width={800}
          height={560}
        />
      </div>
    </section>
  );
}
