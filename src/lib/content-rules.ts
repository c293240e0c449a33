import { COLLECTIONS, type FolderCollection } from "../schemas/collections.ts";
import { closest } from "./spelling.ts";
import { isRasterPath } from "./images.ts";
import { HOME_FEATURED_POSTS, MAX_SEO_TITLE_LENGTH } from "./limits.ts";
import { unpublishedReason } from "./publishing.ts";

/**
 * The rules between entries of content/ (names, duplicates, references, the featured posts, dates, alt text): the
 * build runs them over the files on disk (build/validate-content.ts) and /admin over the collections as the editor
 * sees them with the entry being edited in its place (src/admin/rules.ts), so both refuse the same thing in the same
 * words.
 */

/** One file of a folder: its path (content/blog/x.md), its name without the extension, and what it says. */
export interface Written {
  file: string;
  name: string;
  data: unknown;
}

/** A rule broken: in which file (or folder, for a rule over a whole collection), at which field, and what to do. */
export interface RuleIssue {
  file: string;
  field: PropertyKey[];
  message: string;
}

/** The three folders the rules look across: every file as written, valid or not, and the schema-valid ones. */
export interface Folders<T = Written> {
  products: T[];
  portfolio: T[];
  posts: T[];
}

/** What the date rules compare with: the site's founding year and today's day where the company is. */
export interface RuleContext {
  today: string;
  foundingYear?: number;
}

/** Identity: the file name follows the id or slug, and no two files share one. */
export function identityIssues(written: Folders): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const [folder, field] of [
    ["products", "id"],
    ["portfolio", "id"],
    ["posts", "slug"],
  ] as const)
    for (const { value, entry } of valuesOf(written[folder], field)) issues.push(...sameName(entry, field, value));
  issues.push(...duplicates(written.products, "id"), ...duplicates(written.products, "order"));
  issues.push(...duplicates(written.portfolio, "id"));
  issues.push(...duplicates(written.posts, "id"), ...duplicates(written.posts, "slug"));
  return issues;
}

/** File name and id (or slug) agree, so an editor finds /products/esim in content/products/esim.yaml. */
function sameName(entry: Written, field: string, value: string | number): RuleIssue[] {
  if (String(value) === entry.name) return [];
  const message = `Expected "${entry.name}" to match the file name, found "${value}"; rename one of them`;
  return [{ file: entry.file, field: [field], message }];
}

/** Names both files of a conflict and the fix, in the manner of Eleventy's duplicate-permalink message. */
function duplicates(entries: readonly Written[], field: string): RuleIssue[] {
  const seen = new Map<string | number, Written>();
  const issues: RuleIssue[] = [];
  for (const { value, entry } of valuesOf(entries, field)) {
    const first = seen.get(value);
    if (!first) seen.set(value, entry);
    else
      issues.push({
        file: entry.file,
        field: [field],
        message: `Duplicate ${field} "${value}": ${first.file} uses it already; give each file its own ${field}`,
      });
  }
  return issues;
}

/** The text or number each file writes at its top-level `field`, whether or not the rest of the file is valid. */
function valuesOf(entries: readonly Written[], field: string): { value: string | number; entry: Written }[] {
  return entries.flatMap((entry) => {
    const value = isRecord(entry.data) ? entry.data[field] : undefined;
    return (typeof value === "string" && value !== "") || typeof value === "number" ? [{ value, entry }] : [];
  });
}

interface Post {
  title: string;
  seoTitle?: string;
  date: string;
  featured?: boolean;
  draft?: boolean;
}
type Valid<T> = Written & { data: T };

/** The rules over schema-valid entries: titles, references to products, dates and the home page's featured posts. */
export function entryIssues(
  valid: { products: Valid<object>[]; portfolio: Valid<object>[]; posts: Valid<Post>[] },
  context: RuleContext & { allPostsValid: boolean },
): RuleIssue[] {
  return [
    ...valid.posts.flatMap(seoTitleIssues),
    ...referenceIssues(valid),
    ...valid.posts.flatMap((post) => dateIssues(post, context)),
    ...featuredIssues(valid.posts, context),
  ];
}

function seoTitleIssues({ file, data: { title, seoTitle } }: Valid<Post>): RuleIssue[] {
  if (title.length <= MAX_SEO_TITLE_LENGTH || seoTitle) return [];
  const message = `Title has ${title.length} characters and search results cut it off after ${MAX_SEO_TITLE_LENGTH}; add a shorter seoTitle`;
  return [{ file, field: ["title"], message }];
}

/**
 * A field the content model declares a reference (a project's productId) names an entry of the other collection that
 * exists and, when its own entry is published, is published too.
 */
function referenceIssues(valid: Record<keyof Folders, Valid<object>[]>): RuleIssue[] {
  return (Object.keys(valid) as (keyof Folders)[]).flatMap((name) => {
    const { references = {} }: FolderCollection = COLLECTIONS[name];
    return Object.entries(references).flatMap(([field, { collection, valueField }]) => {
      const targets = valid[collection as keyof Folders].map(({ file, data }) => ({ file, data: fields(data) }));
      const ids = new Set(targets.map((t) => t.data[valueField]));
      const drafts = new Map(targets.filter((t) => t.data.draft).map((t) => [t.data[valueField], t.file]));
      const what = COLLECTIONS[collection as keyof Folders].what.replace(/s$/, "");
      return valid[name].flatMap(({ file, data }) => {
        const { [field]: value, draft } = fields(data);
        if (typeof value !== "string" || !value) return [];
        if (!ids.has(value))
          return [
            { file, field: [field], message: `Unknown ${what} "${value}"; expected one of ${[...ids].join(", ")}` },
          ];
        const draftFile = draft ? undefined : drafts.get(value);
        if (!draftFile) return [];
        const message = `${capitalize(what)} "${value}" is a draft (${draftFile}), so its page is not published; publish it or remove ${field} until it is`;
        return [{ file, field: [field], message }];
      });
    });
  });
}

const fields = (data: object) => data as Record<string, unknown>;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How far ahead a post may be dated: further is a typing slip (2205 for 2025), not a schedule. */
const MAX_SCHEDULE_DAYS = 366;

/** A post dated before the company existed, or more than a year ahead, is a mistyped date. */
function dateIssues({ file, data: { date } }: Valid<Pick<Post, "date">>, context: RuleContext): RuleIssue[] {
  const year = Number(date.slice(0, 4));
  if (context.foundingYear !== undefined && year < context.foundingYear)
    return [
      {
        file,
        field: ["date"],
        message: `date ${date} is before ${context.foundingYear}, the year the company was founded (site.yaml company.foundingYear); check the year`,
      },
    ];
  const latest = new Date(Date.parse(`${context.today}T00:00:00Z`) + MAX_SCHEDULE_DAYS * 86_400_000);
  const limit = latest.toISOString().slice(0, 10);
  if (date <= limit) return [];
  const message = `date ${date} is more than a year ahead (after ${limit}); check the year, or schedule it nearer the day`;
  return [{ file, field: ["date"], message }];
}

/** The home page shows the newest featured posts that are published today: drafts and scheduled posts do not count. */
function featuredIssues(posts: Valid<Post>[], context: RuleContext & { allPostsValid: boolean }): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const featured = posts.filter((p) => p.data.featured && !unpublishedReason(p.data, context.today));
  const later = posts.filter((p) => p.data.featured && unpublishedReason(p.data, context.today));
  const notCounted = later.length ? " (drafts and posts dated after today do not count)" : "";
  const want = HOME_FEATURED_POSTS;
  if (context.allPostsValid && featured.length < want) {
    const message = `The home page shows ${want} featured posts, found ${featured.length}${notCounted}; set featured: true on ${want - featured.length} more`;
    issues.push({ file: "content/blog", field: ["featured"], message });
  }
  // The home page shows only the newest few: a further featured post would silently vanish from it.
  if (featured.length > want) {
    const names = featured.map((p) => `${p.name}.md`).join(", ");
    const message = `The home page shows ${want} featured posts, found ${featured.length} (${names}); set featured: false on ${featured.length - want} of them`;
    for (const { file } of featured) issues.push({ file, field: ["featured"], message });
  }
  // A featured post scheduled for a later day is checked now, so the daily build of that day cannot fail unattended.
  for (const { file, data } of later) {
    if (data.draft) continue;
    const onThatDay = featured.length + later.filter((p) => !p.data.draft && p.data.date <= data.date).length;
    if (onThatDay > want)
      issues.push({
        file,
        field: ["featured"],
        message: `On ${data.date}, when this post is published, the home page would have ${onThatDay} featured posts and it shows ${want}; set featured: false here and feature it once it is published`,
      });
  }
  return issues;
}

/** A photo carries meaning: its alt field describes it. Undefined for artwork (SVG) or a described photo. */
export function missingAlt(served: string, altField: string, alt: string | undefined): string | undefined {
  if (!isRasterPath(served) || alt?.trim()) return undefined;
  return `content${served} is a photo or screenshot and shows something: describe it in ${altField} (for example "${altField}: Order screen of the delivery app") for readers who cannot see it`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Anything with a scheme (https:, mailto:, tel:) or a protocol-relative host leaves the site. */
export const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** How far a written name may be from a real one to be offered as the one meant. */
export const typoDistance = (text: string) => Math.max(2, Math.floor(text.length / 4));

/** The build's words for a link to no page or file, with the address meant when one is near. */
export function noPageAt(target: string, known: Iterable<string>): string {
  const near = closest(target, known, typoDistance(target));
  return `No page or file at ${target}${near ? `; did you mean ${near}?` : "; check the address against the site's pages"}`;
}

/** What is known of the site's addresses before its pages are rendered. */
export interface LinkTargets {
  /** Pages of src/pages without parameters (/ and /faq) and the pages content files make (/blog/<file name>). */
  pages: ReadonlySet<string>;
  /** Segments of pages whose paths come from content, such as ["blog", "[slug]"]. */
  patterns: readonly (readonly string[])[];
  /** URL folders whose every page is a content file's (blog): a missing page there is broken, never deferred. */
  collectionFolders: ReadonlySet<string>;
  /** Files copied as they are (public/, content/images), by served path. */
  files: ReadonlySet<string>;
}

/**
 * A body's link judged before any page is rendered: broken when its path is no page of src/pages, no content file's
 * page and no copied file; waiting, with why, when only the rendered site can tell (an #anchor, a page made from
 * content that is no file's, such as /blog/page/2, a file the build makes); else fine. `from` is the page it is on.
 */
export function linkVerdict(url: string, from: string, site: LinkTargets): { broken?: string; wait?: string } {
  if (EXTERNAL.test(url)) return {};
  const parsed = new URL(url, `http://site.invalid${from}`);
  const target = decodeUrl(parsed.pathname).replace(/(.)\/$/, "$1");
  const segments = target.split("/").filter(Boolean);
  if (site.files.has(target)) return {};
  if (site.pages.has(target))
    return parsed.hash.length > 1 ? { wait: "links to an anchor: checked on the rendered page" } : {};
  // Folders whose every file is copied (/images/…): a path under one that is not there is missing, not generated.
  const copied = segments.length > 1 && [...site.files].some((file) => file.startsWith(`/${segments[0]}/`));
  const collection = segments.length === 2 && site.collectionFolders.has(segments[0] ?? "");
  const fits = site.patterns.some(
    (pattern) =>
      pattern.length === segments.length && pattern.every((part, i) => part.startsWith("[") || part === segments[i]),
  );
  if (fits && !collection) return { wait: "links to a page made from content" };
  if (/\.[a-z0-9]+$/i.test(target) && !copied) return { wait: "links to a file the build makes" };
  return { broken: noPageAt(target, [...site.pages, ...site.files]) };
}

/** A percent-encoded path as written on disk; a malformed escape is left as written. */
export function decodeUrl(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The same question twice, in one category or two, would be listed twice on /faq and in its FAQPage structured data.
 * Compared as a reader sees them: case and runs of whitespace aside. `where` names the first asking (the build adds
 * its file and line).
 */
export function duplicateQuestions(
  faq: { categories: readonly { questions: readonly { q: string }[] }[] },
  file: string,
  where: (field: PropertyKey[]) => string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const seen = new Map<string, PropertyKey[]>();
  faq.categories.forEach((category, c) => {
    category.questions.forEach((question, q) => {
      const field = ["categories", c, "questions", q, "q"];
      const key = question.q.toLowerCase().replace(/\s+/g, " ").trim();
      const first = seen.get(key);
      if (!key) return; // a question not yet written (in the editor) is the schema's to refuse
      if (!first) seen.set(key, field);
      else
        issues.push({
          file,
          field,
          message: `Duplicate question "${question.q}": ${where(first)} asks it already; remove one, or merge their answers`,
        });
    });
  });
  return issues;
}

/** Formats `features[3].url` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
