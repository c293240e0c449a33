import type { Listed, SiteContent } from "../src/lib/content.ts";
import { collectionEntries, type FileCollectionName } from "../src/schemas/collections.ts";
import { type Publishing, publishedNow, todayIn, type Unpublished, unpublishedReason } from "../src/lib/publishing.ts";
import { readingMinutes } from "../src/lib/reading-time.ts";
import { fillPlaceholdersIn } from "../src/lib/site-placeholders.ts";
import type { SourceFile } from "./load-content.ts";
import type { ValidContent } from "./validate-content.ts";
import { BuildError, type ContentIssue } from "./errors.ts";
import { bodyPictures } from "./images/body-pictures.ts";

/** Where the build writes the artwork it draws for a project that names no image of its own. */
export const projectArtworkPath = (id: string) => `/images/portfolio/drawn/${id}.svg`;

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

/** A page that is not published: a link to it from a published page is an error (build/check-links.ts). */
export interface UnpublishedPage {
  /** Its URL path, e.g. /blog/new-pricing. */
  path: string;
  /** The content file that makes it, e.g. content/blog/new-pricing.md. */
  file: string;
  reason: Unpublished;
}

export interface CompiledContent {
  content: SiteContent;
  links: ContentLink[];
  /** What the editor should fix though the build goes on (build/images/check-images.ts). */
  warnings: ContentIssue[];
  /** Pages of drafts and scheduled posts, whether this build shows them or not. */
  unpublished: UnpublishedPage[];
  /**
   * Served paths of images (/images/blog/x.jpg) that only entries this build leaves out show: neither copied nor sized,
   * so a draft's cover is not published at a guessable URL before its post.
   */
  withheldImages: ReadonlySet<string>;
}

/**
 * Shapes validated content into what pages read, each body as markdown-bodies rendered it. Drafts and posts dated
 * after today are left out, or kept and marked `unpublished` when `publishing.drafts` (npm run dev). A draft's own
 * links are checked where it is built; a scheduled post's in every build.
 */
export function compileContent(valid: ValidContent, publishing: Publishing = publishedNow()): CompiledContent {
  const today = todayIn(valid.site.timeZone, publishing.now);
  const unpublished: UnpublishedPage[] = [];
  const leftOutImages = new Set<string>();
  /** The item as this build shows it, or undefined when it is left out; records every unpublished page. */
  const shown = <T extends { draft?: boolean; date?: string }>(
    item: T,
    file: string,
    pagePath?: string,
    source?: SourceFile,
  ) => {
    const reason = unpublishedReason(item, today);
    if (!reason) return item as Listed<T>;
    if (pagePath) unpublished.push({ path: pagePath, file, reason });
    if (publishing.drafts) return { ...item, unpublished: reason };
    for (const image of imagesOf(item, source)) leftOutImages.add(image);
    return undefined;
  };
  const links: ContentLink[] = [];
  const collect = (source: SourceFile, from: string) => links.push(...linksOf(source, from));
  const visiblePosts = valid.posts.flatMap((entry) => {
    const data = shown(entry.data, entry.source.file, `/blog/${entry.data.slug}`, entry.source);
    // A scheduled post goes live with no one watching that day's build: its links are checked now, built or not.
    if (!data && unpublishedReason(entry.data, today)?.kind === "scheduled")
      collect(entry.source, `/blog/${entry.data.slug}`);
    return data ? [{ ...entry, data }] : [];
  });
  const posts = visiblePosts.map(({ data, source }) => {
    collect(source, `/blog/${data.slug}`);
    const rendered = renderedBody(source);
    return { ...data, html: bodyPictures(rendered.html, valid.images), readingMinutes: readingMinutes(rendered.text) };
  });
  const pages = valid.pages.map(({ data, source }) => {
    collect(source, `/${source.name}`);
    const rendered = renderedBody(source);
    return { ...data, name: source.name, html: bodyPictures(rendered.html, valid.images), headings: rendered.headings };
  });
  const content: SiteContent = {
    ...filesOf(valid),
    products: valid.products.flatMap((product) => {
      const item = shown(product, `content/products/${product.id}.yaml`, `/products/${product.id}`);
      return item ? [item] : [];
    }),
    portfolio: valid.portfolio.flatMap((project) => {
      const item = shown(project, `content/portfolio/${project.id}.yaml`);
      return item ? [{ ...item, image: item.image ?? projectArtworkPath(item.id) }] : [];
    }),
    posts: posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)),
    pages,
    // Absent on a site of SVG artwork only: its content, and so every page's cache key, stays as it was.
    ...(Object.keys(valid.images).length ? { images: valid.images } : {}),
  };
  const shownSources = [...visiblePosts, ...valid.pages].map(({ source }) => source);
  const withheldImages = withhold(content, leftOutImages, shownSources);
  return { content, links, unpublished, warnings: valid.warnings, withheldImages };
}

/** A valid article's or policy page's body as rendered before validation (a file without a body is invalid). */
function renderedBody(source: SourceFile): NonNullable<SourceFile["rendered"]> {
  if (!source.rendered) throw new BuildError(`${source.file} reached compile without its rendered body`);
  return source.rendered;
}

/** The single files of content/ as pages read them, in the table's order, with site facts filled where quoted. */
function filesOf(valid: ValidContent): Pick<SiteContent, FileCollectionName> {
  const files = collectionEntries().flatMap(([name, entry]) => {
    if (entry.kind !== "file") return [];
    const data = valid[name as FileCollectionName];
    return [[name, entry.quotesSite ? fillPlaceholdersIn(data, valid.site, `content/${entry.file}`) : data]];
  });
  return Object.fromEntries(files);
}

/**
 * The images only left-out entries show, taken out of `content.images`: neither copied nor sized, so a draft's cover
 * is not published at a guessable URL before its post. An image that published content shows too stays published.
 */
function withhold(content: SiteContent, leftOut: ReadonlySet<string>, shownSources: readonly SourceFile[]) {
  const shownImages = new Set([...imagesOf(content), ...shownSources.flatMap((source) => imagesOf(undefined, source))]);
  const withheldImages = new Set([...leftOut].filter((image) => !shownImages.has(image)));
  if (content.images && withheldImages.size) {
    content.images = Object.fromEntries(
      Object.entries(content.images).filter(([served]) => !withheldImages.has(served)),
    );
  }
  return withheldImages;
}

/** Served image paths an entry's fields name (any string under /images/), and its markdown body's images. */
function imagesOf(data: unknown, source?: SourceFile): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (value.startsWith("/images/")) found.push(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(data);
  for (const ref of source?.references ?? []) if (ref.kind === "image") found.push(ref.url);
  return found;
}
