import type { Element, Nodes } from "hast";
import type { SiteContent } from "../../src/lib/content.ts";
import { encodeSearchIndex, faqAnswerIds, type SearchDocument, SEARCH_INDEX_PATH } from "../../src/lib/search.ts";
import { fillSitePlaceholders } from "../../src/lib/site-placeholders.ts";
import type { OutputFile } from "../styles.ts";
import { parseFragment } from "../html-tree.ts";
import { plugin } from "../plugin.ts";

/**
 * The search stage: every answer a visitor may look for, as plain-text passages that link straight to it. Products
 * by section, FAQ answers, policy and article sections by heading anchor, and the about page. The browser builds
 * its in-memory index from this file when the search is first used (src/components/search/search-engine.ts).
 */

/** A part of a rendered markdown page: the text under one h2/h3 (or before the first), with the heading's id. */
export interface HtmlSection {
  id?: string;
  heading?: string;
  text: string;
}

/** Inline elements join the words around them; every other element separates words. */
const INLINE = new Set("a abbr b code del em i kbd mark q s small span strong sub sup u".split(" "));

/**
 * Emits the text under `node` in document order, blocks separated by spaces, scripts and styles left out.
 * `claim` may take an element whole (a heading) instead.
 */
function walkText(node: Nodes, emit: (text: string) => void, claim?: (element: Element) => boolean): void {
  if (node.type === "text") emit(node.value);
  if (node.type !== "element" && node.type !== "root") return;
  if (node.type === "element" && (claim?.(node) || node.tagName === "script" || node.tagName === "style")) {
    emit(" ");
    return;
  }
  const block = node.type === "element" && !INLINE.has(node.tagName);
  if (block) emit(" ");
  for (const child of node.children) walkText(child, emit, claim);
  if (block) emit(" ");
}

const fold = (parts: readonly string[]) => parts.join("").replace(/\s+/g, " ").trim();

/** Plain text of an HTML fragment from our markdown pipeline, read by a real parser, white space folded. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  walkText(parseFragment(html), (text) => parts.push(text));
  return fold(parts);
}

/** Splits rendered markdown at its h2 and h3 headings (which carry ids, build/markdown/rehype-heading-ids.ts). */
export function htmlSections(html: string): HtmlSection[] {
  const sections: { id?: string; heading?: string; parts: string[] }[] = [{ parts: [] }];
  const emit = (text: string) => sections[sections.length - 1]?.parts.push(text);
  walkText(parseFragment(html), emit, (element) => {
    if (!/^h[23]$/.test(element.tagName) || !element.properties.id) return false;
    const heading: string[] = [];
    walkText(element, (text) => heading.push(text));
    sections.push({ id: String(element.properties.id), heading: fold(heading), parts: [] });
    return true;
  });
  return sections
    .map(({ parts, ...section }): HtmlSection => ({ ...section, text: fold(parts) }))
    .filter((section) => section.heading || section.text);
}

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

function faqDocuments({ faq: { categories: faq } }: SiteContent): SearchDocument[] {
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
  return posts.flatMap((post) =>
    htmlSections(post.html).map((section, i) => {
      // The opening carries the excerpt and category, so a post is found by what its card says.
      const text = i === 0 && !section.id ? join(post.excerpt, post.category, section.text) : section.text;
      return {
        kind: "article" as const,
        title: post.title,
        ...(section.heading && { section: section.heading }),
        url: section.id ? `/blog/${post.slug}#${section.id}` : `/blog/${post.slug}`,
        text,
      };
    }),
  );
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

/** The search islands' index. */
export const search = plugin({
  name: "search",
  when: "first",
  needs: (site) => site.content,
  paths: () => [SEARCH_INDEX_PATH],
  make: async (content) => {
    const { file, documents } = buildSearchIndex(content);
    return { files: [file], detail: `${documents} passages, ${Math.round(file.contents.length / 1024)} KB` };
  },
});
