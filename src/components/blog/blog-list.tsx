import { Rss } from "../icon.tsx";
import { BLOG_INDEX_PATH, blogPage, blogPageCount, blogPagePath, postCategories } from "../../lib/blog.ts";
import type { SiteContent } from "../../lib/content.ts";
import type { PageHead } from "../../lib/page.ts";
import { blogCategories } from "../../schemas/blog-post.ts";
import { ListFilter } from "../list-filter.tsx";
import { PageHeader } from "../page-header.tsx";
import { NewsletterBox } from "./newsletter-box.tsx";
import { PostCard, PostCardTemplate } from "./post-card.tsx";
import { Pagination } from "./pagination.tsx";

const LIST_ID = "blog-posts";
const PAGER_ID = "blog-pages";

/** What one page of the blog list shows: its articles, where it sits among the pages, and the filter's categories. */
export function blogListData(content: SiteContent, page: number) {
  return {
    posts: blogPage(content.posts, page),
    page,
    pages: blogPageCount(content.posts.length),
    categories: postCategories(content.posts, blogCategories),
    // Newest first: the first article's date is when every page of the list last changed.
    modified: content.posts[0]?.date,
    site: content.site,
  };
}

type BlogListData = ReturnType<typeof blogListData>;

/** Head of a page of the blog list: page 1 is /blog itself; later pages say their number and link their neighbours. */
export function blogListHead({ page, pages, modified, site }: BlogListData): PageHead {
  const description =
    "Guides on launching and growing a SaaS business with ready-made apps: technology, business and marketing.";
  return {
    title: page === 1 ? "Blog" : `Blog, page ${page} of ${pages}`,
    modified,
    description: page === 1 ? description : `${description} Page ${page} of ${pages}.`,
    image: site.shareCardImages.blog,
    shareCardOf: page === 1 ? undefined : blogPagePath(1),
    alternates: [{ type: "application/rss+xml", title: `${site.name} Blog`, href: "/rss.xml" }],
    pagination: {
      prev: page > 1 ? blogPagePath(page - 1) : undefined,
      next: page < pages ? blogPagePath(page + 1) : undefined,
    },
  };
}

/**
 * One page of the blog list. The filter hides this page's cards at once; on a blog of several pages it then searches
 * every article through the compact list at BLOG_INDEX_PATH, so no page has to carry them all.
 */
export function BlogList({ posts, page, pages, categories }: BlogListData) {
  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="Our Blog"
        lead="Insights, guides and playbooks for founders launching on ready-made software."
      />
      <div className="container">
        <ListFilter
          listId={LIST_ID}
          count={posts.length}
          className="list-filter"
          emptyClass="list-filter__empty"
          status={{
            many: "{n} articles",
            one: "{n} article",
            none: "No articles found matching your criteria.",
            loading: "Searching all articles…",
          }}
          search={{ label: "Search articles", placeholder: "Search articles...", action: blogPagePath(1) }}
          choices={{ name: "category", legend: "Filter articles by category", values: categories }}
          index={
            pages > 1
              ? {
                  href: BLOG_INDEX_PATH,
                  pagerId: PAGER_ID,
                  fields: ["title", "excerpt"],
                  label: "Matching articles",
                  card: <PostCardTemplate />,
                }
              : undefined
          }
        />
        <ul
          className="card-grid"
          id={LIST_ID}
          aria-label={pages > 1 ? `Articles, page ${page} of ${pages}` : "Articles"}
        >
          {posts.map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </ul>
        {pages > 1 && <Pagination id={PAGER_ID} page={page} pages={pages} href={blogPagePath} label="Blog pages" />}
        <p className="feed-link">
          <a className="text-link" href="/rss.xml">
            <Rss size={16} aria-hidden="true" /> Follow the blog by RSS
          </a>
        </p>
        <NewsletterBox />
      </div>
    </>
  );
}
