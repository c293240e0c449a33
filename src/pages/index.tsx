import { ProductCard } from "../components/product-card.tsx";
import { formatShortDate } from "../lib/dates.ts";
import { HOME_FEATURED_POSTS } from "../lib/limits.ts";
import { definePage } from "../lib/page.ts";
import { formatReadTime } from "../lib/reading-time.ts";
import { organization, webSite } from "../lib/structured-data.ts";

export default definePage({
  data: ({ content }) => ({
    site: content.site,
    products: content.products,
    testimonials: content.testimonials,
    featured: content.posts.filter((p) => p.featured).slice(0, HOME_FEATURED_POSTS),
  }),
  head: ({ site }) => ({
    title: `${site.name}: ${site.tagline}`,
    description: site.description,
    jsonLd: [organization(site), webSite(site)],
  }),
  Page: ({ site, products, testimonials, featured }) => (
    <>
      <section className="hero">
        <div className="container">
          <h1>Turn Your Startup Ideas, Mobile Apps and Web Platforms Into a Running Business</h1>
          <p className="lead">{site.description}</p>
          <p>
            <a className="button button--primary" href="/products">Explore Products</a>{" "}
            <a className="button" href="/about">About Us</a>
          </p>
        </div>
      </section>
      <section className="container" aria-labelledby="achievements">
        <h2 id="achievements">Our achievements</h2>
        <ul className="stats">
          <li><strong>{site.company.clientCount}</strong> Happy Clients</li>
          <li><strong>{site.company.productCount}</strong> Products</li>
          <li><strong>{site.company.yearsExperience}</strong> Years Experience</li>
          <li><strong>24/7</strong> Support</li>
        </ul>
      </section>
      <section className="container" aria-labelledby="products">
        <h2 id="products">Our products</h2>
        <div className="grid grid--3">
          {products.map((p) => <ProductCard key={p.id} {...p} />)}
        </div>
      </section>
      <section className="container" aria-labelledby="testimonials">
        <h2 id="testimonials">What our clients say</h2>
        <div className="grid grid--3">
          {testimonials.map((t) => (
            <figure key={t.name} className="card">
              <blockquote>{t.content}</blockquote>
              <figcaption>{t.name}, {t.role}{t.company ? `, ${t.company}` : ""}</figcaption>
            </figure>
          ))}
        </div>
      </section>
      <section className="container" aria-labelledby="blog">
        <h2 id="blog">From our blog</h2>
        <div className="grid grid--2">
          {featured.map((post) => (
            <article key={post.slug} className="card">
              <p className="eyebrow">{post.category} · {formatShortDate(post.date)} · {formatReadTime(post.readingMinutes)}</p>
              <h3><a href={`/blog/${post.slug}`}>{post.title}</a></h3>
              <p>{post.excerpt}</p>
            </article>
          ))}
        </div>
        <p><a href="/blog">Explore All Articles</a></p>
      </section>
      <section className="container cta" aria-labelledby="cta">
        <h2 id="cta">Ready to launch?</h2>
        <p>
          <a className="button button--primary" href="/products">Browse Products</a>{" "}
          <a className="button" href="/contact">Contact Us</a>
        </p>
      </section>
    </>
  ),
});
