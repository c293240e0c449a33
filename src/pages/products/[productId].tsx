import { DraftBanner } from "../../components/draft-banner.tsx";
import { FeatureList } from "../../components/product/feature-list.tsx";
import { HowItWorks } from "../../components/product/how-it-works.tsx";
import { KeyBenefits } from "../../components/product/key-benefits.tsx";
import { PerfectFor } from "../../components/product/perfect-for.tsx";
import { PlatformOverview } from "../../components/product/platform-overview.tsx";
import { ProductFaq } from "../../components/product/product-faq.tsx";
import { ProductHero } from "../../components/product/product-hero.tsx";
import { PurchaseCta } from "../../components/product/purchase-cta.tsx";
import { ReadyMadeClones } from "../../components/product/ready-made-clones.tsx";
import { TechSpecs } from "../../components/product/tech-specs.tsx";
import { WhatIs } from "../../components/product/what-is.tsx";
import { WhatYouGet } from "../../components/product/what-you-get.tsx";
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
        <WhatIs name={product.name} description={product.fullDescription} />
        {product.whatYouGet?.length ? <WhatYouGet items={product.whatYouGet} /> : null}
        {product.demoDetails?.length ? <PlatformOverview name={product.name} demos={product.demoDetails} /> : null}
        <KeyBenefits benefits={copy.keyBenefits} />
        <FeatureList name={product.name} features={product.features} />
        <HowItWorks steps={copy.howItWorks} />
        <TechSpecs specs={product.techSpecs} />
        <PerfectFor audiences={product.perfectFor} />
        <ProductFaq items={copy.faq} />
        {product.readyMadeClones?.length ? <ReadyMadeClones clones={product.readyMadeClones} /> : null}
        <PurchaseCta product={product} />
      </article>
    </>
  ),
});
