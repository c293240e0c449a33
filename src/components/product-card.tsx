import type { Product } from "../schemas/product.ts";

type ProductCardProps = Pick<Product, "id" | "name" | "category" | "shortDescription" | "image" | "documentationUrl">;

/** One product in a grid: artwork, category, name, short description and its next steps. */
export function ProductCard({ id, name, category, shortDescription, image, documentationUrl }: ProductCardProps) {
  return (
    <article className="card product-card">
      <img src={image} alt="" width={800} height={560} loading="lazy" decoding="async" />
      <p className="eyebrow">{category}</p>
      <h3>
        <a href={`/products/${id}`}>{name}</a>
      </h3>
      <p>{shortDescription}</p>
      <p className="product-card__links">
        <a href={`/products/${id}`}>Details</a> · <a href={documentationUrl} download>Docs</a> ·{" "}
        <a href="/installation">Installation</a> · <a href="/contact">Support</a>
      </p>
    </article>
  );
}
