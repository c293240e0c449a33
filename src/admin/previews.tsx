import type { ComponentType, ReactNode } from "react";
import { Article } from "../components/blog/article.tsx";
import { DraftBanner } from "../components/draft-banner.tsx";
import { InlineScriptsProvider } from "../components/inline-script.tsx";
import { ProjectCard } from "../components/portfolio/project-card.tsx";
import { SiteProvider } from "../components/site-context.tsx";
import type { SiteContent } from "../lib/content.ts";
import { IslandScope, setIslandManifest } from "../lib/island-wrapper.tsx";
import { readingMinutes } from "../lib/reading-time.ts";
import productPage from "../pages/products/[productId].tsx";
import type { BlogPostFrontMatter, PortfolioProject, Product, Site } from "../schemas/index.ts";
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
  // Islands render their server HTML only: the preview is a picture of the page, nothing in it wakes.
  const anyIsland = { get: () => "preview" } as unknown as Map<never, string>;
  setIslandManifest({ chunks: anyIsland, ids: anyIsland });
  // Placed inline scripts (the share bar's) stay out too: the page's markup without its behaviour.
  const noScripts = { get: () => ({ code: "" }) } as unknown as ReadonlyMap<string, { code: string }>;
  const content = previewContent(facts);
  const frame = (props: PreviewProps, children: ReactNode) => (
    <SiteProvider value={{ content, isCurrent: () => false }}>
      <InlineScriptsProvider value={noScripts}>
        <IslandScope>
          <ThemeSwitch document={props.document} />
          <main id="main">{children}</main>
        </IslandScope>
      </InlineScriptsProvider>
    </SiteProvider>
  );
  return {
    posts: (props) => {
      const data = dataOf<BlogPostFrontMatter & { body: string }>(props);
      const post = {
        ...data,
        title: data.title ?? "",
        category: data.category ?? "Technology",
        author: { name: "", avatar: "", bio: "", ...data.author },
        date: data.date ?? new Date().toISOString().slice(0, 10),
        image: asset(props, data.image),
        readingMinutes: readingMinutes(data.body ?? ""),
        unpublished: data.draft ? ({ kind: "draft" } as const) : undefined,
      };
      return frame(
        props,
        <>
          <DraftBanner reason={post.unpublished} />
          <Article
            post={post}
            url={`${facts.site.url}/blog/${data.slug ?? ""}`}
            body={<div className="prose">{props.widgetFor("body")}</div>}
          />
        </>,
      );
    },
    products: (props) => {
      const data = dataOf<Product>(props);
      const product: Product = { ...BLANK_PRODUCT, ...data, image: asset(props, data.image) };
      const unpublished = data.draft ? ({ kind: "draft" } as const) : undefined;
      const { Page } = productPage;
      return frame(props, <Page product={{ ...product, unpublished }} copy={facts.productPage} />);
    },
    portfolio: (props) => {
      const data = dataOf<PortfolioProject>(props);
      const project = {
        ...BLANK_PROJECT,
        ...data,
        image: asset(props, data.image),
        unpublished: data.draft ? ({ kind: "draft" } as const) : undefined,
      };
      return frame(
        props,
        <div className="container">
          <ul className="card-grid">
            <ProjectCard project={project} />
          </ul>
        </div>,
      );
    },
  };
}

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

/** The entry's fields as far as the editor has filled them. */
function dataOf<T>(props: PreviewProps): Partial<T> {
  return (props.entry.get("data")?.toJS() ?? {}) as Partial<T>;
}

/**
 * An image as the preview can show it. One the editor just picked is not on the server yet, and Decap takes a path
 * that starts with / for a URL to use as it is; asked for by its file name and field instead, Decap looks in the
 * field's media folder and hands out the picked file, or fetches a saved one through the backend, as a blob: URL.
 * Until either arrives, the served path.
 */
function asset(props: PreviewProps, path: string | undefined): string {
  if (!path) return "";
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
    faq: [],
    testimonials: [],
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
