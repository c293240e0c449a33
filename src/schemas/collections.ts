import type * as z from "zod/mini";
import {
  aboutSchema,
  blogPostSchema,
  faqFileSchema,
  installationFileSchema,
  policyPageSchema,
  portfolioProjectSchema,
  productSchema,
  siteSchema,
  testimonialsFileSchema,
} from "./index.ts";
import { productPageSchema } from "./product-page.ts";

/**
 * The content model, declared once: every file and folder of content/ the build reads, with its format, its schema,
 * the JSON Schema editors get for it and the URL of the page each file makes. Loading (build/load-content.ts), the
 * JSON Schemas (build/plugins/admin/json-schemas.ts), validation's types and the link check of invalid content derive from this
 * table; nothing else lists content files. Astro's `defineCollection` and Lume's loaders were the models.
 */
export const COLLECTIONS = {
  site: file("site.yaml", siteSchema, "site"),
  about: file("about.yaml", aboutSchema, "about", true),
  faq: file("faq.yaml", faqFileSchema, "faq", true),
  testimonials: file("testimonials.yaml", testimonialsFileSchema, "testimonials"),
  installation: file("installation-packages.yaml", installationFileSchema, "installation-packages"),
  /** Copy shared by every product page (Key Benefits, How It Works, FAQ). */
  productPage: file("product-page.yaml", productPageSchema, "product-page"),
  products: folder({
    folder: "products",
    format: "yaml",
    what: "products",
    schema: productSchema,
    jsonSchema: "product",
    page: "/products/{name}",
  }),
  portfolio: folder({
    folder: "portfolio",
    format: "yaml",
    what: "portfolio projects",
    schema: portfolioProjectSchema,
    jsonSchema: "portfolio-project",
    references: { productId: { collection: "products", valueField: "id", label: "name" } },
  }),
  posts: folder({
    folder: "blog",
    format: "markdown",
    what: "articles",
    schema: blogPostSchema,
    jsonSchema: "blog-post",
    page: "/blog/{name}",
  }),
  pages: folder({
    folder: "pages",
    format: "markdown",
    what: "policy pages",
    schema: policyPageSchema,
    jsonSchema: "policy-page",
    page: "/{name}",
  }),
  /** Product manuals: build/plugins/documentation-pdf.ts renders them; only their names are read here (each product needs one). */
  documentation: folder({ folder: "documentation", format: "names", exts: [".md", ".pdf"], what: "product manuals" }),
} as const;

/** Folders of content/ read as they are: artwork is copied, schemas serve the editor. */
export const FREE_FOLDERS: ReadonlySet<string> = new Set(["images", ".schemas"]);

export type CollectionName = keyof typeof COLLECTIONS;
export type Collections = typeof COLLECTIONS;

/** One file at the top of content/, e.g. site.yaml. */
export interface FileCollection<S extends z.ZodMiniType = z.ZodMiniType> {
  kind: "file";
  file: string;
  schema: S;
  /** content/.schemas/<jsonSchema>.json */
  jsonSchema: string;
  /** Its text may quote facts of site.yaml as {{name}} (src/lib/site-placeholders.ts). */
  quotesSite?: boolean;
}

/** A folder of content/ with one entry per file; the file name is the entry's id or slug. */
export interface FolderCollection<S extends z.ZodMiniType | undefined = z.ZodMiniType | undefined> {
  kind: "folder";
  folder: string;
  /** yaml: the file is the entry; markdown: front matter and a body; names: only the file names count. */
  format: "yaml" | "markdown" | "names";
  /** The extensions read; any other file in the folder is an error naming the one to use. */
  exts: readonly string[];
  /** The entries as a sentence names them: "articles are read from .md files only". */
  what: string;
  schema: S;
  jsonSchema?: string;
  /** The URL of the page each file makes, `{name}` standing for its file name; none when it makes no page. */
  page?: string;
  /** Fields (by path) whose value is an entry of another collection: its `valueField`, shown by its `label`. */
  references?: Readonly<Record<string, Reference>>;
}

/** A field naming an entry of another collection, e.g. a portfolio project's productId. */
export interface Reference {
  collection: string;
  valueField: string;
  label: string;
}

/** The reference a field of a collection makes, if it makes one. */
export function referenceOf(name: string, fieldPath: string): Reference | undefined {
  const entry = (COLLECTIONS as Record<string, Collection>)[name];
  return entry?.kind === "folder" ? entry.references?.[fieldPath] : undefined;
}

export type Collection = FileCollection | FolderCollection;

function file<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  jsonSchema: string,
  quotesSite?: true,
): FileCollection<S> {
  return { kind: "file", file: name, schema, jsonSchema, quotesSite };
}

function folder<
  const F extends Omit<FolderCollection, "kind" | "exts" | "schema"> & { exts?: readonly string[] },
  S extends z.ZodMiniType | undefined = undefined,
>(entry: F & { schema?: S }): F & { kind: "folder"; exts: readonly string[]; schema: S } {
  const exts = entry.exts ?? (entry.format === "markdown" ? [".md"] : [".yaml"]);
  return { ...entry, kind: "folder", exts, schema: entry.schema as S };
}

/** Every collection with its name, in the table's order. */
export function collectionEntries(): [CollectionName, Collection][] {
  return Object.entries(COLLECTIONS) as [CollectionName, Collection][];
}

/** Names of the collections of one kind. */
type NamesOf<Kind> = { [K in CollectionName]: Collections[K] extends Kind ? K : never }[CollectionName];
export type FileCollectionName = NamesOf<{ kind: "file" }>;
export type MarkdownCollectionName = NamesOf<{ format: "markdown" }>;
export type YamlFolderCollectionName = NamesOf<{ format: "yaml" }>;

/** What a valid entry of a collection parses to. */
export type EntryOf<K extends CollectionName> = Collections[K]["schema"] extends z.ZodMiniType
  ? z.infer<Collections[K]["schema"]>
  : never;

/** The URL of the page a collection's file makes, or undefined when its files make none. */
export function pageOf(name: CollectionName, fileName: string): string | undefined {
  const entry: Collection = COLLECTIONS[name];
  return entry.kind === "folder" && entry.page ? entry.page.replace("{name}", fileName) : undefined;
}
