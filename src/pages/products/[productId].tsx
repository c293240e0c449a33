import { DraftBanner } from "../../components/draft-banner.tsx";
import { ProductHero } from "../../components/product/product-hero.tsx";
import { ProductSections } from "../../components/product/product-sections.tsx";
import { PurchaseCta } from "../../components/product/purchase-cta.tsx";
import { definePage } from "../../lib/page.ts";
import { breadcrumbs, softwareApplication } from "../../lib/structured-data.ts";
import type { Listed } from "../../lib/content.ts";
import type { ProductPageCopy } from "../../schemas/product-page.ts";
import type { Product } from "../../schemas/product.ts";

export default definePage<{ productId: string }, { product: Listed<Product>; copy: ProductPageCopy }>({
  paths: (content) => content.products.map((p) => ({ productId: p.id })),
  data: ({ content, params }) => {
    const product = content.products.find((p) => p.id === params.productId);
    if (!product) throw new Error(`Unknown product ${params.productId}`);
    return { product, copy: content.productPage };
  },
  head: ({ product }, { content }) => ({
    title: `${product.name}: ${product.category} App with Source Code`,
    description: product.shortDescription,
    image: product.image,
    type: "product",
    keywords: [product.name, product.category, `${product.name} source code`, "white-label", "ready-made SaaS app"],
    jsonLd: [
      softwareApplication(product, content.site),
      breadcrumbs(content.site, [
        { name: "Home", path: "/" },
        { name: "Products", path: "/products" },
        { name: product.name, path: `/products/${product.id}` },
      ]),
    ],
  }),
  Page: ({ product, copy }) => (
    <>
      <DraftBanner reason={product.unpublished} />
      <article className="product-detail">
        <ProductHero product={product} />
        <ProductSections product={product} copy={copy} />
        <PurchaseCta product={product} />
      </article>
    </>
  ),
});
