import type { SiteContent } from "../src/lib/content.ts";
import { encodeSearchIndex, faqAnswerIds, type SearchDocument, SEARCH_INDEX_PATH } from "../src/lib/search.ts";
import { fillSitePlaceholders } from "../src/lib/site-placeholders.ts";
import type { OutputFile } from "./bundle.ts";

/**
 * The search stage: every answer a visitor may look for, as plain-text passages that link straight to it. Products
 * by section, FAQ answers, policy and article sections by heading anchor, and the about page. The browser builds
 * its in-memory index from this file when the search is first used (src/components/search/search-engine.ts).
 */

/**
 * Characters of article text the whole index may hold, shared equally among the posts (at least
 * ARTICLE_MIN_CHARS each). A small blog is indexed word for word; at 1,000 posts each keeps its excerpt, its
 * opening and every heading, so the index stays a size a phone can fetch (npm run bench:search).
 */
export const ARTICLE_TEXT_BUDGET = 400_000;
export const ARTICLE_MIN_CHARS = 400;

/** A part of a rendered markdown page: the text under one h2/h3 (or before the first), with the heading's id. */
export interface HtmlSection {
  id?: string;
  heading?: string;
  text: string;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Inline elements join the words around them; every other tag separates words. */
const INLINE_TAG = /<\/?(?:a|abbr|b|code|del|em|i|kbd|mark|q|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/**
 * Plain text of an HTML fragment from our markdown pipeline: tags removed (block boundaries become spaces),
 * character references decoded, white space folded.
 */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(INLINE_TAG, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] !== "#") return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Splits rendered markdown at its h2 and h3 headings (which carry ids, build/markdown/rehype-heading-ids.ts). */
export function htmlSections(html: string): HtmlSection[] {
  const sections: HtmlSection[] = [];
  const heading = /<h([23])\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/gi;
  let current: HtmlSection = { text: "" };
  let last = 0;
  for (const found of html.matchAll(heading)) {
    current.text = htmlText(html.slice(last, found.index));
    sections.push(current);
    current = { id: found[2] ?? "", heading: htmlText(found[3] ?? ""), text: "" };
    last = (found.index ?? 0) + found[0].length;
  }
  current.text = htmlText(html.slice(last));
  sections.push(current);
  return sections.filter((section) => section.heading || section.text);
}

const cut = (text: string, max: number) => {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(" ", max);
  return text.slice(0, space > 0 ? space : max);
};
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

function productDocuments({ products }: SiteContent): SearchDocument[] {
  return products.flatMap((product) => {
    const url = `/products/${product.id}`;
    const doc = (text: string, section?: string, anchor?: string): SearchDocument => ({
      kind: "product",
      title: product.name,
      ...(section && { section }),
      url: anchor ? `${url}#${anchor}` : url,
      text,
    });
    return [
      doc(join(product.tagline, product.shortDescription, product.fullDescription, product.category)),
      doc(product.features.join(". "), "Features", "features"),
      ...(product.whatYouGet
        ? [
            doc(
              product.whatYouGet.map((card) => `${card.title}: ${card.description}`).join(" "),
              "What You Get",
              "what-you-get",
            ),
          ]
        : []),
      doc(product.perfectFor.join(". "), "Perfect For", "perfect-for"),
      ...(product.readyMadeClones
        ? [
            doc(
              product.readyMadeClones
                .map((clone) => `${clone.name}: ${clone.description} ${clone.features.join(", ")}`)
                .join(" "),
              "Ready-Made Clones",
              "ready-made-clones",
            ),
          ]
        : []),
    ];
  });
}

function faqDocuments({ faq }: SiteContent): SearchDocument[] {
  const ids = faqAnswerIds(faq);
  return faq.flatMap((category, c) =>
    category.questions.map((item, q) => ({
      kind: "faq" as const,
      title: item.q,
      section: category.category,
      url: `/faq#${ids[c]?.[q]}`,
      text: item.a,
    })),
  );
}

function policyDocuments({ pages, site }: SiteContent): SearchDocument[] {
  return pages.flatMap((page) =>
    htmlSections(fillSitePlaceholders(page.html, site, `content/pages/${page.name}.md`)).map((section) => ({
      kind: "policy" as const,
      title: page.title,
      ...(section.heading && { section: section.heading }),
      url: section.id ? `/${page.name}#${section.id}` : `/${page.name}`,
      text: section.text,
    })),
  );
}

function articleDocuments({ posts }: SiteContent): SearchDocument[] {
  const share = Math.max(ARTICLE_MIN_CHARS, Math.floor(ARTICLE_TEXT_BUDGET / Math.max(1, posts.length)));
  return posts.flatMap((post) => {
    let left = share;
    return htmlSections(post.html).map((section, i) => {
      // The opening carries the excerpt and category, so a post is found by what its card says.
      const full = i === 0 && !section.id ? join(post.excerpt, post.category, section.text) : section.text;
      const text = cut(full, Math.max(0, left));
      left -= text.length;
      return {
        kind: "article" as const,
        title: post.title,
        ...(section.heading && { section: section.heading }),
        url: section.id ? `/blog/${post.slug}#${section.id}` : `/blog/${post.slug}`,
        text,
      };
    });
  });
}

function aboutDocuments({ about, site }: SiteContent): SearchDocument[] {
  const title = `About ${site.name}`;
  return [
    { kind: "page", title, url: "/about", text: join(site.tagline, ...about.intro) },
    {
      kind: "page",
      title,
      section: "Our Values",
      url: "/about#about-values",
      text: about.values.map((v) => `${v.title}: ${v.description}`).join(" "),
    },
    {
      kind: "page",
      title,
      section: "Our Journey",
      url: "/about#about-journey",
      text: about.timeline.map((t) => `${t.year} ${t.title}: ${t.description}`).join(" "),
    },
    { kind: "page", title, section: about.team.heading, url: "/about#about-team", text: about.team.description },
  ];
}

/** Every searchable passage of the site, grouped by kind in display order. */
export function searchDocuments(content: SiteContent): SearchDocument[] {
  return [
    ...productDocuments(content),
    ...faqDocuments(content),
    ...policyDocuments(content),
    ...articleDocuments(content),
    ...aboutDocuments(content),
  ];
}

/** The index file the search islands fetch, and how many passages it holds. */
export function buildSearchIndex(content: SiteContent): { file: OutputFile; documents: number } {
  const documents = searchDocuments(content);
  return {
    file: { path: SEARCH_INDEX_PATH.slice(1), contents: Buffer.from(JSON.stringify(encodeSearchIndex(documents))) },
    documents: documents.length,
  };
}
