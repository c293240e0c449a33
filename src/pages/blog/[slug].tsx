import { Article } from "../../components/blog/article.tsx";
import { DraftBanner } from "../../components/draft-banner.tsx";
import { PostCard } from "../../components/blog/post-card.tsx";
import { relatedPosts } from "../../lib/blog.ts";
import type { BlogPost } from "../../lib/content.ts";
import { definePage } from "../../lib/page.ts";
import { blogPosting, breadcrumbs } from "../../lib/structured-data.ts";
import { absoluteUrl } from "../../lib/urls.ts";

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
      <Article
        post={post}
        url={url}
        body={
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by rehype-sanitize in build/markdown.ts.
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
        }
      />
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
