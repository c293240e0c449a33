import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";

export default definePage({
  data: ({ content }) => ({ projects: content.portfolio }),
  head: ({ projects }) => ({
    title: "Portfolio",
    description: `${projects.length} apps we built and launched for clients in astrology, delivery, e-commerce, education and more.`,
  }),
  Page: ({ projects }) => (
    <>
      <PageHeader title="Our Portfolio" lead="Apps we have launched for clients around the world." />
      <section className="container grid grid--3" aria-label="Projects">
        {projects.map((p) => (
          <article key={p.id} className="card">
            <img src={p.image} alt="" width={800} height={500} loading="lazy" decoding="async" />
            <p className="eyebrow">{p.category}</p>
            <h2>{p.title}</h2>
            <p>{p.description}</p>
            <ul className="tags">{p.technologies.map((t) => <li key={t}>{t}</li>)}</ul>
            <p className="muted">{p.client} · {p.year}</p>
            <p>
              {p.projectUrl && <a href={p.projectUrl} rel="noopener" target="_blank">Live Site</a>}{" "}
              {p.productId && <a href={`/products/${p.productId}`}>Product</a>}
            </p>
          </article>
        ))}
      </section>
    </>
  ),
});
