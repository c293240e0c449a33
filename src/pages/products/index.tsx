import { PageHeader } from "../../components/page-header.tsx";
import { ProductCard } from "../../components/product-card.tsx";
import ProductSearch from "../../islands/product-search.tsx";
import { Island } from "../../lib/island.tsx";
import { definePage } from "../../lib/page.ts";
import { breadcrumbs } from "../../lib/structured-data.ts";
import { absoluteUrl } from "../../lib/urls.ts";

const GRID_ID = "product-grid";

export default definePage({
  data: ({ content }) => ({ products: content.products }),
  head: ({ products }, { content }) => ({
    title: "Ready-Made SaaS Apps",
    description: `Browse ${products.length} ready-made, white-label SaaS applications with full source code, installation and support.`,
    keywords: ["ready-made SaaS apps", "white-label source code", ...products.map((p) => p.category)],
    image: content.site.shareImages.products,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        itemListElement: products.map((p, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: p.name,
          url: absoluteUrl(content.site, `/products/${p.id}`),
        })),
      },
      breadcrumbs(content.site, [
        { name: "Home", path: "/" },
        { name: "Products", path: "/products" },
      ]),
    ],
  }),
  Page: ({ products }) => (
    <>
      <PageHeader title="Our Products" lead="Ready-made applications you can launch under your own brand, with full source code, installation and support.">
        <Island of={ProductSearch} props={{ gridId: GRID_ID, total: products.length }} hydrate="query:search" />
      </PageHeader>
      <section className="container product-grid" id={GRID_ID} aria-label="All products">
        {products.map((p) => (
          <ProductCard key={p.id} {...p} headingLevel={2} />
        ))}
      </section>
    </>
  ),
});
