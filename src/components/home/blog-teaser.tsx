import { ArrowRight } from "../icon.tsx";
import type { BlogPost } from "../../lib/content.ts";
import { formatShortDate } from "../../lib/dates.ts";
import { formatReadTime } from "../../lib/reading-time.ts";
import { Picture } from "../picture.tsx";

type TeaserPost = Pick<BlogPost, "slug" | "title" | "excerpt" | "category" | "date" | "readingMinutes" | "image">;

/** Layout of the four featured posts, in order: one large, two small, one wide. Large and wide ones show the excerpt. */
const LAYOUT = ["large", "small", "small", "wide"] as const;

/** Home's blog teaser: the first four featured posts and a link to every article. */
export function BlogTeaser({ posts }: { posts: TeaserPost[] }) {
  return (
    <section className="section section--surface blog-teaser" aria-labelledby="blog-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">From the blog</p>
          <h2 id="blog-title">Insights for SaaS Founders</h2>
          <p className="lead">Launch plans, unit economics and practical guides from the team behind the apps.</p>
        </header>
        <div className="blog-teaser__grid">
          {posts.map((post, index) => {
            const size = LAYOUT[index] ?? "small";
            return (
              <article key={post.slug} className={`card card--hover post-teaser post-teaser--${size}`}>
                <div className="post-teaser__media">
                  <Picture
                    // The large and the wide teaser are about half the container wide (home.css), a small one a card.
                    slot={size === "small" ? "card" : "half"}
                    src={post.image}
                    alt=""
                    width={1200}
                    height={630}
                  />
                </div>
                <div className="post-teaser__body">
                  <p className="post-teaser__meta">
                    <span className="badge badge--primary">{post.category}</span>
                    {/* The calendar and clock marks are drawn by home.css, not an SVG and a wrapper each. */}
                    <time className="post-teaser__date" dateTime={post.date}>
                      {formatShortDate(post.date)}
                    </time>
                    <span className="post-teaser__read">{formatReadTime(post.readingMinutes)}</span>
                  </p>
                  <h3>
                    <a className="card__link" href={`/blog/${post.slug}`}>
                      {post.title}
                    </a>
                  </h3>
                  {size !== "small" && <p className="post-teaser__excerpt">{post.excerpt}</p>}
                </div>
              </article>
            );
          })}
        </div>
        <div className="section__footer">
          <a className="button button--lg" href="/blog">
            Explore All Articles <ArrowRight aria-hidden="true" />
          </a>
        </div>
      </div>
    </section>
  );
}
