import { PageHeader } from "../../components/page-header.tsx";
import { ProductCard } from "../../components/product-card.tsx";
import { definePage } from "../../lib/page.ts";

export default definePage({
  data: ({ content }) => ({ products: content.products }),
  head: ({ products }) => ({
    title: "Ready-Made SaaS Apps",
    description: `Browse ${products.length} ready-made, white-label SaaS applications with full source code, installation and support.`,
  }),
  Page: ({ products }) => (
    <>
      <PageHeader title="Our Products" lead="Ready-made applications you can launch under your own brand." />
      <section className="container grid grid--3" aria-label="Products">
        {products.map((p) => (
          <ProductCard key={p.id} {...p} />
        ))}
      </section>
    </>
  ),
});
