import type { BlogPost } from "./content.ts";
import { BLOG_PAGE_SIZE, MAX_RELATED_POSTS } from "./limits.ts";

/**
 * Up to MAX_RELATED_POSTS other articles of the same category, in the order given (newest first in content).
 * @param posts every article
 * @param current the article being read; never part of the result
 */
export function relatedPosts<P extends { slug: string; category: string }>(posts: readonly P[], current: P): P[] {
  // Stops at the first few: every article page asks, so a full scan would make a large blog's build quadratic.
  const related: P[] = [];
  for (const p of posts) {
    if (related.length === MAX_RELATED_POSTS) break;
    if (p.category === current.category && p.slug !== current.slug) related.push(p);
  }
  return related;
}

/** The categories that at least one article uses, in the order of `known` (the schema's list). */
export function postCategories(posts: readonly { category: string }[], known: readonly string[]): string[] {
  return known.filter((category) => posts.some((p) => p.category === category));
}

/** Site path of the compact list of every article (build/plugins/feeds.ts writes it) the blog filter searches when the list has several pages. */
export const BLOG_INDEX_PATH = "/blog/posts.json";

/** One article in that list: what its card shows and the filter reads, nothing more. */
export type BlogIndexEntry = Pick<
  BlogPost,
  "slug" | "title" | "excerpt" | "category" | "date" | "image" | "readingMinutes"
>;

/** The list of every article at BLOG_INDEX_PATH, newest first. */
export function blogIndex(posts: readonly BlogIndexEntry[]): BlogIndexEntry[] {
  return posts.map(({ slug, title, excerpt, category, date, image, readingMinutes }) => ({
    slug,
    title,
    excerpt,
    category,
    date,
    image,
    readingMinutes,
  }));
}

/** URL path of page `n` (1-based) of the blog list: /blog, then /blog/page/2 … */
export function blogPagePath(n: number): string {
  return n <= 1 ? "/blog" : `/blog/page/${n}`;
}

/** How many pages the blog list has (at least one, also when there are no articles). */
export function blogPageCount(posts: number): number {
  return Math.max(1, Math.ceil(posts / BLOG_PAGE_SIZE));
}

/** The articles of page `n` (1-based) of the blog list, in the order given (newest first in content). */
export function blogPage<P>(posts: readonly P[], n: number): P[] {
  return posts.slice((n - 1) * BLOG_PAGE_SIZE, n * BLOG_PAGE_SIZE);
}
