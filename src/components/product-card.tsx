import { Download, Info, LifeBuoy, Wrench } from "./icon.tsx";
import type { Unpublished } from "../lib/publishing.ts";
import type { Product } from "../schemas/product.ts";
import { DraftBadge } from "./draft-banner.tsx";
import { BuyControl, type BuyControlProduct } from "./product/buy-control.tsx";
import { Picture } from "./picture.tsx";

type ProductCardProps = BuyControlProduct &
  Pick<Product, "category" | "shortDescription" | "image" | "documentationUrl"> & {
    /** Set in npm run dev for a draft product: the card says so. */
    unpublished?: Unpublished;
  };

/** One product in a grid, its next steps below; `data-search` holds the text the product search matches. */
export function ProductCard(product: ProductCardProps) {
  const { id, name, category, shortDescription, image, documentationUrl, unpublished } = product;
  return (
    <article className="card product-card" data-search={`${name}\n${shortDescription}\n${category}`}>
      <div className="product-card__media">
        <Picture slot="card" src={image} alt="" width={800} height={560} />
      </div>
      <div className="product-card__body">
        <p className="eyebrow">
          <DraftBadge reason={unpublished} />
          {category}
        </p>
        <h2 className="product-card__title">
          <a href={`/products/${id}`}>{name}</a>
        </h2>
        <p className="product-card__summary">{shortDescription}</p>
        <div className="product-card__actions">
          <a className="button button--small" href={`/products/${id}`} aria-label={`Details: ${name}`}>
            <Info aria-hidden="true" size={16} /> Details
          </a>
          <a
            className="button button--small"
            href={documentationUrl}
            download
            aria-label={`Docs: ${name} documentation (PDF)`}
          >
            <Download aria-hidden="true" size={16} /> Docs
          </a>
        </div>
        <div className="product-card__buy">
          <BuyControl product={product} block />
        </div>
        <p className="product-card__links">
          <a href="/installation">
            <Wrench aria-hidden="true" size={16} /> Installation
          </a>
          <a href="/contact">
            <LifeBuoy aria-hidden="true" size={16} /> Support
          </a>
        </p>
      </div>
    </article>
  );
}
