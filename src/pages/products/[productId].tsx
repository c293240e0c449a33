import { definePage } from "../../lib/page.ts";
import { breadcrumbs, softwareApplication } from "../../lib/structured-data.ts";

export default definePage<{ productId: string }, { product: import("../../schemas/product.ts").Product }>({
  paths: (content) => content.products.map((p) => ({ productId: p.id })),
  data: ({ content, params }) => {
    const product = content.products.find((p) => p.id === params.productId);
    if (!product) throw new Error(`Unknown product ${params.productId}`);
    return { product };
  },
  head: ({ product }, { content }) => ({
    title: `${product.name}: ${product.tagline}`,
    description: product.shortDescription,
    image: product.image,
    type: "product",
    keywords: [product.name, product.category, "source code", "white-label", "SaaS"],
    jsonLd: [
      softwareApplication(product, content.site),
      breadcrumbs(content.site, [
        { name: "Home", path: "/" },
        { name: "Products", path: "/products" },
        { name: product.name, path: `/products/${product.id}` },
      ]),
    ],
  }),
  Page: ({ product }) => (
    <article className="container product-detail">
      <p className="eyebrow">{product.category}</p>
      <h1>{product.name}</h1>
      <p className="lead">{product.tagline}</p>
      <p>
        <a className="button button--primary" href={product.codecanyonUrl} rel="noopener" target="_blank">
          Buy on Marketplace
        </a>{" "}
        <a className="button" href={product.documentationUrl} download>
          Download Documentation
        </a>{" "}
        <a className="button" href={`/installation?product=${product.id}`}>
          Request Installation
        </a>{" "}
        <a className="button" href="/contact">
          Get Support
        </a>
      </p>
      <img src={product.image} alt={`${product.name} screens`} width={800} height={560} />
      <h2>What is {product.name}?</h2>
      <p>{product.fullDescription}</p>
      <h2>Features</h2>
      <ul>
        {product.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <h2>Technical specifications</h2>
      <dl>
        {product.techSpecs.map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      <h2>Perfect for</h2>
      <ul>
        {product.perfectFor.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </article>
  ),
});
