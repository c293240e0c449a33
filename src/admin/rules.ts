import type { Nodes } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import * as z from "zod/mini";
import {
  duplicateQuestions,
  entryIssues,
  formatPath,
  type Folders,
  identityIssues,
  linkVerdict,
  type RuleIssue,
  type Written,
} from "../lib/content-rules.ts";
import { todayIn } from "../lib/publishing.ts";
import { slugify } from "../lib/slug.ts";
import { blogPostSchema } from "../schemas/blog-post.ts";
import { editorMessage } from "../schemas/messages.ts";
import { portfolioProjectSchema } from "../schemas/portfolio-project.ts";
import { productSchema } from "../schemas/product.ts";
import type { Site } from "../schemas/site.ts";
import type { AdminLinks } from "./config.ts";
import { unset } from "./yaml-edit.ts";

/** The folders the rules look across, with where their files live and the field that names each file. */
export const RULED = {
  products: { folder: "content/products", extension: "yaml", naming: "id", from: "name", schema: productSchema },
  portfolio: {
    folder: "content/portfolio",
    extension: "yaml",
    naming: "id",
    from: "title",
    schema: portfolioProjectSchema,
  },
  posts: { folder: "content/blog", extension: "md", naming: "slug", from: "title", schema: blogPostSchema },
} as const;
export type RuledName = keyof typeof RULED;

export function isRuled(name: string): name is RuledName {
  return name in RULED;
}

/**
 * The facts an editor types once: an empty slug (or a product's or project's id) is made from the title or name, and
 * an article's id from its slug; the file is then named after it (the collection's slug template).
 */
export function derived(name: RuledName, data: Record<string, unknown>): Record<string, unknown> {
  const { naming, from } = RULED[name];
  const out = { ...data };
  if (!out[naming] && typeof out[from] === "string") out[naming] = slugify(out[from]);
  if (name === "posts" && !out.id && out.slug) out.id = out.slug;
  return out;
}

/** The entry being edited, as Decap holds it: its path ("" until first saved) and its fields. */
export interface Editing {
  collection: RuledName;
  path: string;
  data: Record<string, unknown>;
}

/**
 * What the build would say about the entry being edited, by top-level field: the schema's own checks that Decap's
 * form cannot make (a day of the calendar), and the rules between entries, run over the folders as they are saved
 * with this entry in its place, its unset fields left out as the save leaves them out.
 */
export function issuesOf(
  editing: Editing,
  saved: Folders,
  site: Site,
  links: AdminLinks,
  now = new Date(),
): Map<string, string[]> {
  const { folder, extension, naming, schema } = RULED[editing.collection];
  const data = withoutUnset(derived(editing.collection, editing.data));
  const file = editing.path || `${folder}/${String(data[naming] ?? "")}.${extension}`;
  const name = file.replace(/^.*\/|\.[^.]+$/g, "");
  const self: Written = { file, name, data };
  // Last, so that of two files sharing a name, this one is told; a new entry never replaces a saved file of its name.
  const folders = {
    ...saved,
    [editing.collection]: [...saved[editing.collection].filter((w) => !editing.path || w.file !== file), self],
  };
  const found: RuleIssue[] = [
    ...identityIssues(folders),
    ...entryIssues(validOf(folders), contextOf(site, now, folders)),
    ...bodyLinkIssues(editing, self, folders, links),
  ];
  const own = z.safeParse(schema, data, { error: editorMessage });
  if (!own.success)
    for (const issue of own.error.issues)
      if (issue.code === "custom") found.push({ file, field: issue.path, message: issue.message });
  const byField = new Map<string, string[]>();
  for (const issue of found) {
    if (issue.file !== file && !(issue.file === folder && editing.collection === "posts")) continue;
    const field = String(issue.field[0] ?? "");
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
  }
  return byField;
}

function contextOf(site: Site, now: Date, folders: Folders) {
  const allPostsValid = folders.posts.every((post) => z.safeParse(blogPostSchema, post.data).success);
  return { today: todayIn(site.timeZone, now), foundingYear: site.company.foundingYear, allPostsValid };
}

/** The entries of each folder that pass their schema, as the build's rules between entries read them. */
function validOf(folders: Folders) {
  const valid = (name: RuledName) =>
    folders[name].flatMap((w) => {
      const parsed = z.safeParse(RULED[name].schema, w.data);
      return parsed.success ? [{ ...w, data: parsed.data }] : [];
    });
  return { products: valid("products"), portfolio: valid("portfolio"), posts: valid("posts") } as Parameters<
    typeof entryIssues
  >[0];
}

function withoutUnset(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => key !== "body" && !unset(value)));
}

/** The body's links to no page, by the build's rule (linkVerdict), over the site's pages and the saved entries'. */
function bodyLinkIssues(editing: Editing, self: Written, folders: Folders, links: AdminLinks): RuleIssue[] {
  const body = editing.data.body;
  const template = links.templates[editing.collection];
  if (typeof body !== "string" || !template) return [];
  const pageOf = (collection: string, name: string) => links.templates[collection]?.replace("{name}", name) ?? [];
  const targets = {
    pages: new Set([
      ...links.pages,
      ...Object.entries(folders).flatMap(([collection, list]) =>
        list.flatMap((w: Written) => pageOf(collection, w.name)),
      ),
    ]),
    patterns: links.patterns,
    collectionFolders: new Set(Object.values(links.templates).flatMap((page) => page.split("/").slice(1, -1))),
    files: new Set<string>(),
  };
  const from = template.replace("{name}", self.name);
  return linksOf(body).flatMap((url) => {
    const { broken } = linkVerdict(url, from, targets);
    return broken ? [{ file: self.file, field: ["body"], message: broken }] : [];
  });
}

/** The targets of a markdown body's links and link definitions, parsed as the build parses it (GFM). */
function linksOf(body: string): string[] {
  const found: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === "link" || node.type === "definition") found.push(node.url);
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(unified().use(remarkParse).use(remarkGfm).parse(body));
  return found;
}

/** The FAQ's rules on the questions as the editor has them (any of them half-written), by the question's path. */
export function faqIssues(data: Record<string, unknown>): Map<string, string[]> {
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  const categories = list(data.categories).map((category) => ({
    questions: list((category as { questions?: unknown } | null)?.questions).map((question) => ({
      q: String((question as { q?: unknown } | null)?.q ?? ""),
    })),
  }));
  const issues = duplicateQuestions({ categories }, "content/faq.yaml", formatPath);
  return new Map(issues.map((issue) => [formatPath(issue.field), [issue.message]]));
}
