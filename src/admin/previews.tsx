import type { ComponentType, ReactNode } from "react";
import type * as z from "zod/mini";
import { Article } from "../components/blog/article.tsx";
import { DraftBanner } from "../components/draft-banner.tsx";
import { FaqCategorySection } from "../components/faq/faq-category.tsx";
import { InlineScriptsProvider } from "../components/inline-script.tsx";
import { ProjectCard } from "../components/portfolio/project-card.tsx";
import { SiteProvider } from "../components/site-context.tsx";
import type { SiteContent } from "../lib/content.ts";
import { IslandScope, setIslandManifest } from "../lib/island-wrapper.tsx";
import { readingMinutes } from "../lib/reading-time.ts";
import { fillKnownPlaceholders } from "../lib/site-placeholders.ts";
import productPage from "../pages/products/[productId].tsx";
import { type BlogPostFrontMatter, blogPostSchema } from "../schemas/blog-post.ts";
import { type FaqCategory, faqFileSchema } from "../schemas/faq-category.ts";
import { type PortfolioProject, portfolioProjectSchema } from "../schemas/portfolio-project.ts";
import { type Product, productSchema } from "../schemas/product.ts";
import type { Site } from "../schemas/site.ts";
import { drawable, type Needed } from "./drawable.ts";
import type { ProductPageCopy } from "../schemas/product-page.ts";

/** What the preview needs of the site besides the entry being edited, written into /admin/index.html by the build. */
export interface PreviewFacts {
  site: Site;
  productPage: ProductPageCopy;
}

/** The props Decap gives a preview template (decap-cms-core's PreviewTemplateComponentProps, the parts used here). */
export interface PreviewProps {
  entry: { get(key: "data"): { toJS(): unknown } | undefined };
  widgetFor(name: string): ReactNode;
  /** `field` resolves a file name against the field's own media folder (content/images/<folder>). */
  getAsset(path: string, field?: unknown): { toString(): string } | undefined;
  /** The collection's fields, as Decap keeps them (Immutable maps). */
  fields: { find(test: (field: { get(key: string): unknown }) => boolean): unknown };
  document: Document;
}

/**
 * Preview templates that render the entry being edited with the site's own components (the article, the product
 * page, the portfolio card) and stylesheet, light or dark, so what an editor sees is what will be published.
 * Entries are half-written while edited: every field may be missing.
 */
export function previewTemplates(facts: PreviewFacts): Record<string, ComponentType<PreviewProps>> {
  const frame = framer(facts);
  return {
    posts: (props) => {
      const { item, needed } = shown(props, blogPostSchema, BLANK_POST);
      const body = (dataOf(props) as { body?: unknown } | undefined)?.body;
      const post = { ...item, readingMinutes: readingMinutes(typeof body === "string" ? body : "") };
      return frame(
        props,
        <>
          <Needs needed={needed} />
          <DraftBanner reason={post.unpublished} />
          <Article
            post={post}
            url={`${facts.site.url}/blog/${item.slug}`}
            body={<div className="prose">{props.widgetFor("body")}</div>}
          />
        </>,
      );
    },
    products: (props) => {
      const { item: product, needed } = shown(props, productSchema, BLANK_PRODUCT);
      return frame(
        props,
        <>
          <Needs needed={needed} />
          <productPage.Page product={product} copy={facts.productPage} />
        </>,
      );
    },
    portfolio: (props) => {
      const { item: project, needed } = shown(props, portfolioProjectSchema, BLANK_PROJECT);
      return frame(
        props,
        <div className="container">
          <Needs needed={needed} />
          <ul className="card-grid">
            <ProjectCard project={project} />
          </ul>
        </div>,
      );
    },
    // The FAQ page's categories as the site draws them, with the `{{…}}` facts of site.yaml filled in.
    faq: (props) => {
      const { value, needed } = drawable(faqFileSchema, dataOf(props), { categories: [] as FaqCategory[] });
      return frame(
        props,
        <div className="container">
          <Needs needed={needed} />
          {value.categories.map((category, i) => (
            <FaqCategorySection
              key={category.category || i}
              category={fillKnownPlaceholders(category, facts.site)}
              id={`faq-${i}`}
              answerIds={category.questions.map((_, j) => `faq-${i}-${j}`)}
            />
          ))}
        </div>,
      );
    },
  };
}

/** Draws a preview in the site's context: a picture of the page, its islands and inline scripts left out. */
function framer(facts: PreviewFacts) {
  // Islands render their server HTML only: the preview is a picture of the page, nothing in it wakes.
  const anyIsland = { get: () => "preview" } as unknown as Map<never, string>;
  setIslandManifest({ chunks: anyIsland, ids: anyIsland });
  // Placed inline scripts (the share bar's) stay out too: the page's markup without its behaviour.
  const noScripts = { get: () => ({ code: "" }) } as unknown as ReadonlyMap<string, { code: string }>;
  const content = previewContent(facts);
  return (props: PreviewProps, children: ReactNode) => (
    <SiteProvider value={{ content, isCurrent: () => false }}>
      <InlineScriptsProvider value={noScripts}>
        <IslandScope>
          <ThemeSwitch document={props.document} />
          <main id="main">{children}</main>
        </IslandScope>
      </InlineScriptsProvider>
    </SiteProvider>
  );
}

/** An article, product or project as its page draws it: what can be drawn, its image, its Draft banner. */
function shown<T extends { draft?: boolean }>(props: PreviewProps, schema: z.core.$ZodType, blank: T) {
  const { value, needed } = drawable(schema, dataOf(props), blank);
  const unpublished = value.draft ? ({ kind: "draft" } as const) : undefined;
  return { item: { ...value, image: asset(props, dataOf(props)), unpublished }, needed };
}

/** What the preview could not draw yet and why, in the schema's words, above the rest of the entry. */
function Needs({ needed }: { needed: Needed[] }) {
  if (!needed.length) return null;
  return (
    <div className="container" role="status" aria-label="Not drawn yet">
      <p>Not drawn until fixed:</p>
      <ul>
        {needed.map(({ field, message }) => (
          <li key={field}>
            <strong>{field}</strong>: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An article with every required field empty; the date too, so an undated draft is not shown as today's. */
const BLANK_POST: BlogPostFrontMatter = {
  id: "",
  slug: "",
  title: "",
  excerpt: "",
  category: "Technology",
  author: { name: "", avatar: "", bio: "" },
  date: "",
  image: "",
  featured: false,
  keywords: [],
};

/** A product with every required field empty, under what the editor has filled in so far. */
const BLANK_PRODUCT: Product = {
  id: "",
  order: 1,
  name: "",
  tagline: "",
  shortDescription: "",
  fullDescription: "",
  category: "",
  icon: "sparkles",
  image: "",
  features: [],
  demoUrl: "",
  codecanyonUrl: "",
  sellDirectly: false,
  directSaleDescription: "",
  techSpecs: [],
  perfectFor: [],
  documentationUrl: "#",
};

const BLANK_PROJECT: PortfolioProject = {
  id: "",
  title: "",
  description: "",
  category: "Astrology",
  client: "",
  year: new Date().getFullYear(),
  image: "",
  technologies: [],
};

/** The entry's fields as far as the editor has filled them, of any shape. */
function dataOf(props: PreviewProps): unknown {
  return props.entry.get("data")?.toJS();
}

/**
 * An image as the preview can show it: one just picked is not served yet, so Decap is asked by file name and field,
 * and hands out the picked or saved file as a blob: URL; until then, the served path.
 */
function asset(props: PreviewProps, data: unknown): string {
  const path = (data as { image?: unknown } | undefined)?.image;
  if (typeof path !== "string" || !path) return "";
  const field = props.fields.find((f) => f.get("name") === "image");
  const url = props.getAsset(path.split("/").at(-1) ?? path, field)?.toString();
  return url?.startsWith("blob:") ? url : path;
}

/** The content the shared components read from context: the site's facts; the lists stay empty in a preview. */
function previewContent(facts: PreviewFacts): SiteContent {
  return {
    site: facts.site,
    productPage: facts.productPage,
    about: { intro: [], values: [], timeline: [], team: { heading: "", description: "" } },
    faq: { categories: [] },
    testimonials: { testimonials: [] },
    installation: { gstPercent: 0, packages: [], includedInEvery: [], clientSupplies: [], promises: [] },
    products: [],
    portfolio: [],
    posts: [],
    pages: [],
  };
}

/** Light or dark, as a visitor may choose: sets the site's theme attribute on the preview frame's page. */
function ThemeSwitch({ document }: { document: Document }) {
  const set = (theme: string) => {
    document.documentElement.dataset.theme = theme;
  };
  return (
    <p className="container">
      <button type="button" className="button button--sm" onClick={() => set("light")}>
        Light
      </button>
      <button type="button" className="button button--sm" onClick={() => set("dark")}>
        Dark
      </button>
    </p>
  );
}
