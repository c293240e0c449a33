import { PageHeader } from "../../components/page-header.tsx";
import { ListFilter } from "../../components/list-filter.tsx";
import { ProductCard } from "../../components/product-card.tsx";
import { definePage } from "../../lib/page.ts";
import { breadcrumbs, ld } from "../../lib/structured-data.ts";
import { absoluteUrl } from "../../lib/urls.ts";

const GRID_ID = "product-grid";

export default definePage({
  data: ({ content }) => ({ products: content.products }),
  head: ({ products }, { content }) => ({
    title: "Ready-Made SaaS Apps",
    description: `Browse ${products.length} ready-made, white-label SaaS applications with full source code, installation and support.`,
    keywords: ["ready-made SaaS apps", "white-label source code", ...products.map((p) => p.category)],
    image: content.site.shareCardImages.products,
    jsonLd: [
      ld("ItemList", {
        itemListElement: products.map((p, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: p.name,
          url: absoluteUrl(content.site, `/products/${p.id}`),
        })),
      }),
      breadcrumbs(content.site, [
        { name: "Home", path: "/" },
        { name: "Products", path: "/products" },
      ]),
    ],
  }),
  Page: ({ products }) => (
    <>
      <PageHeader
        title="Our Products"
        lead="Ready-made applications you can launch under your own brand, with full source code, installation and support."
      >
        <ListFilter
          listId={GRID_ID}
          count={products.length}
          className="product-search"
          emptyClass="product-search__empty"
          status={{ many: `{n} of ${products.length} products`, none: "No products found matching your search." }}
          search={{
            label: "Search products",
            placeholder: "Search by name or category…",
            action: "/products",
            icon: true,
          }}
        />
      </PageHeader>
      <section className="container product-grid" id={GRID_ID} aria-label="All products">
        {products.map((p) => (
          <ProductCard key={p.id} {...p} />
        ))}
      </section>
    </>
  ),
});
