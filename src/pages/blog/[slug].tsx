import type { BlogPost } from "../../lib/content.ts";
import { formatLongDate } from "../../lib/dates.ts";
import { MAX_RELATED_POSTS } from "../../lib/limits.ts";
import { definePage } from "../../lib/page.ts";
import { formatReadTime } from "../../lib/reading-time.ts";
import { blogPosting, breadcrumbs } from "../../lib/structured-data.ts";

export default definePage<{ slug: string }, { post: BlogPost; related: BlogPost[] }>({
  paths: (content) => content.posts.map((p) => ({ slug: p.slug })),
  data: ({ content, params }) => {
    const post = content.posts.find((p) => p.slug === params.slug);
    if (!post) throw new Error(`Unknown post ${params.slug}`);
    const related = content.posts.filter((p) => p.category === post.category && p.slug !== post.slug).slice(0, MAX_RELATED_POSTS);
    return { post, related };
  },
  head: ({ post }, { content }) => ({
    title: post.title,
    description: post.excerpt,
    keywords: post.keywords.length ? post.keywords : undefined,
    image: post.image,
    type: "article",
    article: { publishedTime: post.date, section: post.category, author: post.author.name },
    jsonLd: [
      blogPosting(post, content.site),
      breadcrumbs(content.site, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: post.title, path: `/blog/${post.slug}` },
      ]),
    ],
  }),
  Page: ({ post, related }) => (
    <article className="container article">
      <p><a href="/blog">← Back to Blog</a></p>
      <p className="eyebrow">{post.category}</p>
      <h1>{post.title}</h1>
      <p className="muted">
        {post.author.name} · <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {formatReadTime(post.readingMinutes)}
      </p>
      <img src={post.image} alt="" width={1200} height={630} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by rehype-sanitize in build/markdown.ts. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
      <aside className="card">
        <h2>About the author</h2>
        <p><strong>{post.author.name}</strong>: {post.author.bio}</p>
      </aside>
      {related.length > 0 && (
        <section aria-labelledby="related">
          <h2 id="related">Related articles</h2>
          <ul>{related.map((r) => <li key={r.slug}><a href={`/blog/${r.slug}`}>{r.title}</a></li>)}</ul>
        </section>
      )}
    </article>
  ),
});
