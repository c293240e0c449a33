import type * as z from "zod/mini";
import { imagePath } from "../src/schemas/common.ts";
import {
  collectionEntries,
  type EntryOf,
  type FileCollectionName,
  type MarkdownCollectionName,
  type YamlFolderCollectionName,
} from "../src/schemas/collections.ts";
import {
  duplicateQuestions,
  entryIssues,
  formatPath,
  identityIssues,
  type RuleIssue,
} from "../src/lib/content-rules.ts";
import { todayIn } from "../src/lib/publishing.ts";
import { knownPlaceholders, unknownPlaceholders } from "../src/lib/site-placeholders.ts";
import { ContentErrors, type ContentIssue } from "./errors.ts";
import { closest } from "../src/lib/spelling.ts";
import type { RawContent, SourceFile } from "./load-content.ts";
import { type ImageField, imageIssues, missingImage, SHOWN } from "./images/check-images.ts";
import { type ImageFactsMap, rasterImages } from "./images/facts.ts";
import type { RasterImages } from "../src/lib/images.ts";
import { editorMessage } from "../src/schemas/messages.ts";

type Parsed<S extends z.ZodMiniType> = z.infer<S>;

/** The collections of src/schemas/collections.ts as validation leaves them: parsed entries, markdown with its body. */
export type ValidContent = { [K in FileCollectionName]: EntryOf<K> } & {
  [K in YamlFolderCollectionName]: EntryOf<K>[];
} & { [K in MarkdownCollectionName]: { data: EntryOf<K>; body: string; source: SourceFile }[] } & {
  /** Photos and screenshots the pages show, with the sizes the build writes (build/plugins/photos.ts). */
  images: RasterImages;
  /** Problems that do not stop the build (a photo far from the shape of its box), in the same form as errors. */
  warnings: ContentIssue[];
};

/**
 * Checks every file against its schema and the files against each other. Collects every problem first and throws
 * one ContentErrors listing them all, so an editor fixes a pull request in one pass. `now` decides which posts are
 * published (the featured count counts those only); rules do not depend on whether the build shows drafts, so
 * npm run dev refuses exactly what a production build refuses.
 */
export function validateContent(
  raw: RawContent,
  now: Date = new Date(),
  imageFacts: ImageFactsMap = new Map(),
): ValidContent {
  const issues: ContentIssue[] = [...raw.issues];
  const at: At = (source, fieldPath, message) =>
    issues.push({ file: source.file, line: source.lineOf(fieldPath), field: formatPath(fieldPath), message });
  const parsed = parseEntries(raw, schemaCheck(at));
  const { site, about, faq, testimonials, installation, productPage, products, portfolio, posts, pages } = parsed;
  // Identity is checked on what each file says, valid or not, so a clash is reported in the same build as a misspelt
  // field beside it, not in the next one.
  const sources = new Map(
    [...raw.products, ...raw.portfolio, ...raw.posts, raw.faq].map((source) => [source.file, source]),
  );
  const report = (found: RuleIssue[]) => {
    for (const { file, field, message } of found) {
      const source = sources.get(file);
      if (source) at(source, field, message);
      else issues.push({ file, field: formatPath(field), message });
    }
  };
  report(identityIssues({ products: raw.products, portfolio: raw.portfolio, posts: raw.posts }));
  checkManuals(raw, at);
  const checked = checkImages(raw, parsed, imageFacts, at);
  issues.push(...checked.errors);
  issues.push(...rawHtmlIssues([...raw.posts, ...raw.pages]));
  if (faq)
    report(
      duplicateQuestions(
        faq,
        raw.faq.file,
        (field) => `${raw.faq.file}:${raw.faq.lineOf(field)} (${formatPath(field)})`,
      ),
    );
  if (raw.products.length === 0)
    issues.push({ file: "content/products", field: "", message: "No products found; add content/products/<id>.yaml" });
  checkPlaceholders(raw, at, issues);
  const today = todayIn(site?.timeZone ?? "UTC", now);
  const validOf = <T>(list: { value: T; source: SourceFile }[]) =>
    list.map(({ value, source }) => ({ file: source.file, name: source.name, data: value }));
  report(
    entryIssues(
      {
        products: validOf(products),
        portfolio: validOf(portfolio),
        posts: validOf(posts).map((p) => ({ ...p, data: p.data.data })),
      },
      { today, foundingYear: site?.company.foundingYear, allPostsValid: posts.length === raw.posts.length },
    ),
  );

  if (issues.length || !site || !about || !faq || !testimonials || !installation || !productPage)
    throw new ContentErrors(issues);
  return {
    site,
    about,
    faq,
    testimonials,
    installation,
    productPage,
    products: products.map((p) => p.value).sort((a, b) => a.order - b.order),
    portfolio: portfolio.map((p) => p.value),
    posts: posts.map((p) => p.value),
    pages: pages.map((p) => p.value),
    images: rasterImages(imageFacts),
    warnings: checked.warnings,
  };
}

/** Reports one problem at a field of a file, on the field's line. */
type At = (source: SourceFile, fieldPath: PropertyKey[], message: string) => void;

/** Parses a file with a schema, reporting each problem at its field; undefined when the file is invalid. */
function schemaCheck(at: At) {
  return <S extends z.ZodMiniType>(schema: S, source: SourceFile): Parsed<S> | undefined => {
    if (source.data === undefined) return undefined; // missing or unparsable: already reported
    const result = schema.safeParse(source.data, { error: editorMessage });
    if (result.success) return result.data as Parsed<S>;
    // A misspelt field is one mistake: "did you mean title?" on its line, and no "missing title" besides.
    const meant = new Set<string>();
    for (const issue of result.error.issues) {
      if (issue.code !== "unrecognized_keys") continue;
      const here = valueAt(source.data, issue.path);
      const present = here !== null && typeof here === "object" ? Object.keys(here) : [];
      const known = fieldsAt(schema, issue.path).filter((field) => !present.includes(field));
      for (const key of issue.keys) {
        const near = closest(key, known, key.length > 3 ? 2 : 1);
        if (near) meant.add(formatPath([...issue.path, near]));
        at(
          source,
          [...issue.path, key],
          near
            ? `Unknown field \`${key}\`: did you mean \`${near}\`?`
            : `Unknown field "${key}"; check its spelling against the schema or remove it`,
        );
      }
    }
    for (const issue of result.error.issues) {
      if (issue.code === "unrecognized_keys" || meant.has(formatPath(issue.path))) continue;
      at(source, issue.path, issue.message);
    }
    return undefined;
  };
}

type Checked<T> = { value: T; source: SourceFile }[];
type ParsedEntries = { [K in FileCollectionName]: EntryOf<K> | undefined } & {
  [K in YamlFolderCollectionName]: Checked<EntryOf<K>>;
} & { [K in MarkdownCollectionName]: Checked<{ data: EntryOf<K>; body: string; source: SourceFile }> };

/** Every file parsed with its collection's schema; an invalid file is reported and left out. */
function parseEntries(raw: RawContent, check: ReturnType<typeof schemaCheck>): ParsedEntries {
  const entries = collectionEntries().flatMap(([name, entry]) => {
    const { schema } = entry;
    if (!schema) return [];
    if (entry.kind === "file") return [[name, check(schema, raw[name] as SourceFile)]];
    const parsed = (raw[name] as SourceFile[]).flatMap((source) => {
      const data = check(schema, source);
      if (data === undefined) return [];
      return [{ value: entry.format === "markdown" ? { data, body: source.body ?? "", source } : data, source }];
    });
    return [[name, parsed]];
  });
  // The one cast: the entries above follow the table, which ParsedEntries is made from.
  return Object.fromEntries(entries) as ParsedEntries;
}

/** Each product needs its manual; like images, it is looked for in invalid files too. */
function checkManuals(raw: RawContent, at: At) {
  for (const source of raw.products) {
    const writtenId = valueAt(source.data, ["id"]);
    const id = typeof writtenId === "string" && writtenId ? writtenId : source.name;
    if (source.data !== undefined && !raw.documentation.has(`${id}.md`) && !raw.documentation.has(`${id}.pdf`))
      at(
        source,
        ["id"],
        `No documentation for "${id}": write content/documentation/${id}.md (or add content/documentation/${id}.pdf)`,
      );
  }
}

/**
 * Images named by fields and bodies: present, and within the limits of build/images/check-images.ts.
 * @returns the problems that stop the build, and the warnings that do not
 */
function checkImages(raw: RawContent, parsed: ParsedEntries, imageFacts: ImageFactsMap, at: At) {
  // Files are looked for as written, in valid and invalid files alike: a missing cover is reported in the same build
  // as a misspelt field beside it. (A path the schema refuses is not looked for: its message says what to write.)
  const cards = valueAt(raw.site.data, ["shareCardImages"]);
  const cardFields = Object.keys(cards !== null && typeof cards === "object" ? cards : {}).map((key) => [
    "shareCardImages",
    key,
  ]);
  const named = [
    ...cardFields.map((field) => ({ source: raw.site, field })),
    ...[...raw.products, ...raw.portfolio, ...raw.posts].map((source) => ({ source, field: ["image"] })),
  ];
  for (const { source, field } of named) {
    const served = valueAt(source.data, field);
    if (typeof served === "string" && imagePath().safeParse(served).success && !raw.images.has(served))
      at(source, field, missingImage(served));
  }
  const field = (source: SourceFile, fieldPath: string[], served: unknown, extra?: Partial<ImageField>) =>
    typeof served === "string"
      ? [{ file: source.file, line: source.lineOf(fieldPath), field: formatPath(fieldPath), served, ...extra }]
      : [];
  const { products, portfolio, posts } = parsed;
  const alt = (altField: string, text: string | undefined) => ({ altField, alt: text });
  return imageIssues(
    [
      ...cardFields.flatMap((path) => field(raw.site, path, valueAt(raw.site.data, path))),
      ...products.flatMap(({ value, source }) => field(source, ["image"], value.image, { shown: SHOWN.product })),
      ...portfolio.flatMap(({ value: p, source }) =>
        field(source, ["image"], p.image, { shown: SHOWN.portfolio, ...alt("imageAlt", p.imageAlt) }),
      ),
      ...posts.flatMap(({ value: { data }, source }) =>
        field(source, ["image"], data.image, { shown: SHOWN.cover, ...alt("imageAlt", data.imageAlt) }),
      ),
    ],
    [...raw.posts, ...raw.pages].flatMap((source) =>
      (source.references ?? [])
        .filter((ref) => ref.kind === "image")
        .map((ref) => ({ file: source.file, line: ref.line, url: ref.url, alt: ref.alt })),
    ),
    imageFacts,
    raw.images,
  );
}

/** A placeholder that names no fact of site.yaml would reach the page as written. */
function checkPlaceholders(raw: RawContent, at: At, issues: ContentIssue[]) {
  for (const [name, entry] of collectionEntries()) {
    if (entry.kind !== "file" || !entry.quotesSite) continue;
    const source = raw[name as FileCollectionName];
    for (const [fieldPath, text] of stringsOf(source.data)) {
      for (const name of unknownPlaceholders(text))
        at(source, fieldPath, `Unknown placeholder {{${name}}}; expected one of ${knownPlaceholders()}`);
    }
  }
  for (const source of raw.pages) {
    for (const name of unknownPlaceholders(source.body ?? ""))
      issues.push({
        file: source.file,
        line: source.bodyLine,
        field: "body",
        message: `Unknown placeholder {{${name}}}; expected one of ${knownPlaceholders()}`,
      });
  }
}

/** Every string of parsed YAML with its field path. */
function stringsOf(data: unknown, at: PropertyKey[] = []): [PropertyKey[], string][] {
  if (typeof data === "string") return [[at, data]];
  if (Array.isArray(data)) return data.flatMap((item, i) => stringsOf(item, [...at, i]));
  if (data !== null && typeof data === "object")
    return Object.entries(data).flatMap(([key, item]) => stringsOf(item, [...at, key]));
  return [];
}

/** The value at `fieldPath` of parsed YAML, or undefined where the path leads nowhere. */
function valueAt(data: unknown, fieldPath: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of fieldPath) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** The fields an object of `schema` may have at `fieldPath` (through arrays, optionals, defaults and unions). */
function fieldsAt(schema: z.core.$ZodType, fieldPath: readonly PropertyKey[]): string[] {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const [key, ...rest] = fieldPath;
  switch (def.type) {
    case "object": {
      if (key === undefined) return Object.keys(def.shape);
      const field = def.shape[String(key)];
      return field ? fieldsAt(field, rest) : [];
    }
    case "array":
      return key === undefined ? [] : fieldsAt(def.element, rest);
    case "record":
      return key === undefined ? [] : fieldsAt(def.valueType, rest);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return fieldsAt(def.innerType, fieldPath);
    case "pipe":
      return fieldsAt(def.in, fieldPath);
    case "union":
      return [...new Set(def.options.flatMap((option) => fieldsAt(option, fieldPath)))];
    default:
      return [];
  }
}

/**
 * HTML written in a markdown body is left out of the page, text and all (build/markdown.ts): an error on its line,
 * with what to write instead.
 */
function rawHtmlIssues(sources: readonly SourceFile[]): ContentIssue[] {
  return sources.flatMap((source) =>
    (source.rawHtml ?? []).map(({ tag, line }) => ({
      file: source.file,
      line,
      field: "html",
      message: rawHtmlAdvice(tag),
    })),
  );
}

function rawHtmlAdvice(tag: string): string {
  if (tag.startsWith("?") || tag.startsWith("!"))
    return `<${tag}…> is left out of the page: to show code, put it in backticks (\`<${tag} …>\`) or in a fenced block`;
  const left = `<${tag}> is left out of the page, with everything inside it: articles publish markdown, not HTML`;
  if (/^(iframe|embed|object|video|audio|picture|source)$/.test(tag))
    return `${left}; link to what it shows instead, e.g. [Watch the demo](https://…)`;
  if (/^(script|style|link|form|input|button)$/.test(tag)) return `${left}; remove it`;
  if (tag === "img") return `${left}; write the image as ![what it shows](/images/…)`;
  if (tag === "br") return `${left}; a line break in the text is kept as it is, so just break the line`;
  return `${left}; write its text in markdown (paragraphs, **bold**, lists, > quotes, | tables |) or remove it`;
}
