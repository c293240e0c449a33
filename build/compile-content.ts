import type { SiteContent } from "../src/lib/content.ts";
import { readingMinutes } from "../src/lib/reading-time.ts";
import { type MarkdownRenderer, renderMarkdown } from "./markdown.ts";
import type { SourceFile } from "./load-content.ts";
import type { ValidContent } from "./validate-content.ts";
import type { ContentIssue } from "./errors.ts";
import { bodyPictures } from "./images/body-pictures.ts";

/** A link written in a markdown body, checked against the rendered site by build/check-links.ts. */
export interface ContentLink {
  /** The content file and line it is written on. */
  file: string;
  line: number;
  url: string;
  /** URL path of the page the link appears on, against which relative links and bare #anchors resolve. */
  from: string;
}

/** The links written in a markdown body, as the link check reads them; `from` is the URL path of its page. */
export function linksOf(source: SourceFile, from: string): ContentLink[] {
  return (source.references ?? [])
    .filter((ref) => ref.kind === "link")
    .map((ref) => ({ file: source.file, line: ref.line, url: ref.url, from }));
}

export interface CompiledContent {
  content: SiteContent;
  links: ContentLink[];
  /** What the editor should fix though the build goes on (build/images/check-images.ts). */
  warnings: ContentIssue[];
}

/**
 * Renders the markdown of posts and policy pages and shapes validated content into what pages read. `render` is
 * the build's cached renderer in builds; plain rendering by default.
 */
export async function compileContent(
  valid: ValidContent,
  render: MarkdownRenderer = renderMarkdown,
): Promise<CompiledContent> {
  const links: ContentLink[] = [];
  const collect = (source: SourceFile, from: string) => links.push(...linksOf(source, from));
  const posts = await Promise.all(
    valid.posts.map(async ({ data, body, source }) => {
      collect(source, `/blog/${data.slug}`);
      const rendered = await render(body, source.file);
      return {
        ...data,
        html: bodyPictures(rendered.html, valid.images),
        readingMinutes: readingMinutes(rendered.text),
      };
    }),
  );
  const pages = await Promise.all(
    valid.pages.map(async ({ data, body, source }) => {
      collect(source, `/${source.name}`);
      const rendered = await render(body, source.file);
      return {
        ...data,
        name: source.name,
        html: bodyPictures(rendered.html, valid.images),
        headings: rendered.headings,
      };
    }),
  );
  const content: SiteContent = {
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
    // Absent on a site of SVG artwork only: its content, and so every page's cache key, stays as it was.
    ...(Object.keys(valid.images).length ? { images: valid.images } : {}),
  };
  return { content, links, warnings: valid.warnings };
}
