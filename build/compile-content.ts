import type { SiteContent } from "../src/lib/content.ts";
import { readingMinutes } from "../src/lib/reading-time.ts";
import { type RenderedMarkdown, renderMarkdown } from "./markdown.ts";
import type { MarkdownRenderer } from "./markdown-cache.ts";
import type { ValidContent } from "./validate-content.ts";

// The markdown cache counted the words when it rendered the document; count them here only without it.
const minutesOf = (rendered: RenderedMarkdown & { readingMinutes?: number }) => rendered.readingMinutes ?? readingMinutes(rendered.text);

/**
 * Renders the markdown of posts and policy pages and shapes validated content into what pages read. `render` is
 * the cached renderer of build/markdown-cache.ts in builds; plain rendering by default.
 */
export async function compileContent(valid: ValidContent, render: MarkdownRenderer = renderMarkdown): Promise<SiteContent> {
  const posts = await Promise.all(
    valid.posts.map(async ({ data, body, source }) => {
      const rendered = await render(body, source.file);
      return { ...data, html: rendered.html, readingMinutes: minutesOf(rendered) };
    }),
  );
  const pages = await Promise.all(
    valid.pages.map(async ({ data, body, source }) => {
      const rendered = await render(body, source.file);
      return { ...data, name: source.name, html: rendered.html, headings: rendered.headings };
    }),
  );
  return {
    site: valid.site,
    about: valid.about,
    faq: valid.faq.categories,
    testimonials: valid.testimonials.testimonials,
    installation: valid.installation,
    productPage: valid.productPage,
    products: valid.products,
    portfolio: valid.portfolio,
    posts: posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)),
    pages,
  };
}
