import { ArrowLeft } from "lucide-react";
import { AuthorAvatar } from "../../components/blog/author-avatar.tsx";
import { DraftBanner } from "../../components/draft-banner.tsx";
import { PostCard } from "../../components/blog/post-card.tsx";
import { PostMeta } from "../../components/blog/post-meta.tsx";
import { ShareBar } from "../../components/blog/share-bar.tsx";
import { relatedPosts } from "../../lib/blog.ts";
import type { BlogPost } from "../../lib/content.ts";
import { definePage } from "../../lib/page.ts";
import { blogPosting, breadcrumbs } from "../../lib/structured-data.ts";
import { absoluteUrl } from "../../lib/urls.ts";
import { Picture } from "../../components/picture.tsx";

interface ArticleData {
  post: BlogPost;
  related: BlogPost[];
  url: string;
}

export default definePage<{ slug: string }, ArticleData>({
  paths: (content) => content.posts.map((p) => ({ slug: p.slug })),
  data: ({ content, params }) => {
    const post = content.posts.find((p) => p.slug === params.slug);
    if (!post) throw new Error(`Unknown post ${params.slug}`);
    return { post, related: relatedPosts(content.posts, post), url: absoluteUrl(content.site, `/blog/${post.slug}`) };
  },
  head: ({ post }, { content }) => ({
    title: post.seoTitle ?? post.title,
    description: post.excerpt,
    keywords: post.keywords.length ? post.keywords : undefined,
    image: post.image,
    type: "article",
    modified: post.date,
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
  Page: ({ post, related, url }) => (
    <>
      <DraftBanner reason={post.unpublished} />
      <article className="article">
        <header className="article__header">
          <div className="container container--narrow">
            <a className="text-link back-link" href="/blog">
              <ArrowLeft size={16} aria-hidden="true" /> Back to Blog
            </a>
            <p>
              <span className="badge badge--primary">{post.category}</span>
            </p>
            <h1>{post.title}</h1>
            <div className="article__byline">
              <AuthorAvatar initials={post.author.avatar} />
              <div>
                <p className="article__author">{post.author.name}</p>
                <p className="article__bio muted">{post.author.bio}</p>
              </div>
            </div>
            <PostMeta date={post.date} minutes={post.readingMinutes} long />
            <ShareBar url={url} title={post.title} />
          </div>
        </header>
        <div className="container container--narrow">
          <Picture
            slot="column"
            priority
            className="article__image"
            src={post.image}
            alt={post.imageAlt ?? ""}
            width={1200}
            height={630}
          />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by rehype-sanitize in build/markdown.ts. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
          <aside className="author-box" aria-labelledby="about-author">
            <AuthorAvatar initials={post.author.avatar} large />
            <div>
              <h2 id="about-author">About the Author</h2>
              <p className="article__author">{post.author.name}</p>
              <p>{post.author.bio}</p>
            </div>
          </aside>
        </div>
      </article>
      {related.length > 0 && (
        <section className="container related" aria-labelledby="related-title">
          <h2 id="related-title">Related Articles</h2>
          <ul className="card-grid" aria-label="Related articles">
            {related.map((r) => (
              <PostCard key={r.slug} post={r} headingLevel={3} />
            ))}
          </ul>
        </section>
      )}
    </>
  ),
});
