import { definePage } from "../../lib/page.ts";

/** Served with status 404 for /products/<unknown id>. */
export default definePage({
  data: () => ({}),
  head: () => ({
    title: "Product Not Found",
    description: "This product does not exist in our catalogue.",
    noindex: true,
  }),
  Page: () => (
    <section className="not-found container">
      <h1>Product Not Found</h1>
      <p>The product you are looking for does not exist or has been removed.</p>
      <a className="button button--primary" href="/products">
        Back to Products
      </a>
    </section>
  ),
});
