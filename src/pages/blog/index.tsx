import { Rss } from "lucide-react";
import { NewsletterBox } from "../../components/blog/newsletter-box.tsx";
import { PostCard } from "../../components/blog/post-card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import BlogFilter from "../../islands/blog-filter.tsx";
import { postCategories } from "../../lib/blog.ts";
import { Island } from "../../lib/island.tsx";
import { definePage } from "../../lib/page.ts";
import { blogCategories } from "../../schemas/blog-post.ts";

const LIST_ID = "blog-posts";

export default definePage({
  data: ({ content }) => ({ posts: content.posts, site: content.site }),
  head: ({ site, posts }) => ({
    title: "Blog",
    // The list changes when an article is published: newest first, so the first date is the list's.
    modified: posts[0]?.date,
    description: "Guides on launching and growing a SaaS business with ready-made apps: technology, business and marketing.",
    image: site.shareImages.blog,
    alternates: [{ type: "application/rss+xml", title: `${site.name} Blog`, href: "/rss.xml" }],
  }),
  Page: ({ posts, site }) => (
    <>
      <PageHeader eyebrow="Blog" title="Our Blog" lead="Insights, guides and playbooks for founders launching on ready-made software." />
      <div className="container">
        <Island of={BlogFilter} props={{ categories: postCategories(posts, blogCategories), listId: LIST_ID, total: posts.length }} hydrate="query:search,category" />
        <ul className="card-grid" id={LIST_ID} aria-label="Articles">
          {posts.map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </ul>
        <p className="feed-link">
          <a className="text-link" href="/rss.xml">
            <Rss size={16} aria-hidden="true" /> Follow the blog by RSS
          </a>
        </p>
        <NewsletterBox email={site.contact.email} siteName={site.name} />
      </div>
    </>
  ),
});
