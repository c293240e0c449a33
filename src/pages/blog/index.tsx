import { PageHeader } from "../../components/page-header.tsx";
import { formatShortDate } from "../../lib/dates.ts";
import { definePage } from "../../lib/page.ts";
import { formatReadTime } from "../../lib/reading-time.ts";

export default definePage({
  data: ({ content }) => ({ posts: content.posts, siteName: content.site.name }),
  head: ({ siteName }) => ({
    title: "Blog",
    description: "Guides on launching and growing a SaaS business with ready-made apps: technology, business and marketing.",
    alternates: [{ type: "application/rss+xml", title: `${siteName} Blog`, href: "/rss.xml" }],
  }),
  Page: ({ posts }) => (
    <>
      <PageHeader title="Our Blog" lead="Insights for founders launching on ready-made software." />
      <section className="container grid grid--3" aria-label="Articles">
        {posts.map((post) => (
          <article key={post.slug} className="card">
            <img src={post.image} alt="" width={1200} height={630} loading="lazy" decoding="async" />
            <p className="eyebrow">{post.category}</p>
            <h2><a href={`/blog/${post.slug}`}>{post.title}</a></h2>
            <p>{post.excerpt}</p>
            <p className="muted">{formatShortDate(post.date)} · {formatReadTime(post.readingMinutes)}</p>
            <a href={`/blog/${post.slug}`} aria-label={`Read More: ${post.title}`}>Read More</a>
          </article>
        ))}
      </section>
    </>
  ),
});
