import { isRuled, RULED } from "../../../src/admin/rules.ts";
import { imagePath } from "../../../src/schemas/common.ts";
import { LOCAL_CMS_API } from "../../../src/lib/security-headers.ts";
import {
  type Collection,
  type CollectionName,
  collectionEntries,
  referenceOf,
} from "../../../src/schemas/collections.ts";
import { SettingError } from "../../errors.ts";
import { collectionJsonSchema, type JsonNode } from "./json-schemas.ts";
import type { CmsCollection, CmsConfig, CmsField } from "../../../src/admin/config.ts";

/**
 * Decap CMS's configuration, derived from the content model (src/schemas/collections.ts) and the JSON Schemas of its zod
 * schemas, never written by hand: every collection, field, widget and rule the CMS can check comes from there.
 * What Decap cannot check itself is said in the field's hint and stays the build's to report (tests/unit/build/
 * cms-config.test.ts walks the schemas and this config side by side).
 */

/**
 * Where saves go: the local proxy (npm run dev, decap-server) writing content/ directly; the local proxy in git mode
 * (npm run dev -- --workflow), which rehearses production's workflow with a branch per entry in the local repository
 * and merges it into `branch` on publish; or GitHub with a pull request per entry.
 */
export type CmsBackend =
  | { kind: "local"; url: string }
  | { kind: "local-git"; url: string; branch: string }
  | { kind: "github"; repo: string; branch: string; baseUrl: string; authEndpoint: string };

/**
 * Formats of our own for YAML files and markdown front matter, by name (`yaml-…`, `markdown-…`) → the `$schema` path
 * of the YAML's first line. Decap's own formats re-render the whole file (keys reordered, long text refolded, that
 * line dropped), so a one-field edit would be a diff of the whole file; ours (src/admin/cms.tsx) write only the
 * changed fields' lines into the file's text, and that line heads a new file.
 */
export function cmsYamlFormats(): Record<string, string> {
  return Object.fromEntries(
    collectionEntries().flatMap(([, collection]) => {
      if (!collection.schema || !collection.jsonSchema) return [];
      if (collection.kind === "folder" && collection.format !== "yaml" && collection.format !== "markdown") return [];
      const up = collection.kind === "folder" ? ".." : ".";
      const markdown = collection.kind === "folder" && collection.format === "markdown";
      return [[yamlFormat(collection.jsonSchema, markdown), `${up}/.schemas/${collection.jsonSchema}.json`]];
    }),
  );
}

function yamlFormat(jsonSchema: string, markdown = false): string {
  return `${markdown ? "markdown" : "yaml"}-${jsonSchema}`;
}

/** Fields whose text runs over several lines; every other text field is one line. Presentation only, not a rule. */
const MULTILINE = new Set(["description", "fullDescription", "shortDescription", "excerpt", "content", "a", "bio"]);

const IMAGE_PATTERN = collectionJsonSchema(imagePath()).pattern;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Decap's configuration for this site: one collection per entry of the content model that has a schema.
 * @throws Error when a schema uses a shape the generator does not know (the unit test runs it on every schema)
 */
export function cmsConfig({ backend, siteUrl }: { backend: CmsBackend; siteUrl: string }): CmsConfig {
  const collections = collectionEntries().flatMap(([name, collection]) => {
    const made = cmsCollection(name, collection);
    return made ? [made] : [];
  });
  return {
    load_config_file: false,
    ...backendConfig(backend),
    media_folder: "content/images",
    public_folder: "/images",
    site_url: siteUrl,
    // Uploaded files keep a name the image pattern accepts: no spaces or accents.
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    collections,
  };
}

function backendConfig(backend: CmsBackend): Pick<CmsConfig, "backend" | "publish_mode"> {
  // decap-server's fs mode writes the checkout directly: no branches, so no editorial workflow locally.
  if (backend.kind === "local") return { backend: { name: "proxy", proxy_url: backend.url, branch: "main" } };
  if (backend.kind === "local-git") {
    // decap-server merges a published entry into the branch checked out, so the configuration names that branch.
    return {
      backend: { name: "proxy", proxy_url: backend.url, branch: backend.branch },
      publish_mode: "editorial_workflow",
    };
  }
  return {
    backend: {
      name: "github",
      repo: backend.repo,
      branch: backend.branch,
      base_url: backend.baseUrl,
      auth_endpoint: backend.authEndpoint,
    },
    publish_mode: "editorial_workflow",
  };
}

function cmsCollection(name: CollectionName, collection: Collection): CmsCollection | undefined {
  if (!collection.schema) return undefined; // product manuals: names only, edited as files
  const root = collectionJsonSchema(collection.schema);
  const label = capitalize(collection.kind === "folder" ? collection.what : humanize(name));
  if (collection.kind === "file") {
    const fields = objectFields(root, { collection: name, media: undefined });
    return {
      name,
      label,
      format: yamlFormat(collection.jsonSchema),
      files: [{ name, label, file: `content/${collection.file}`, fields }],
    };
  }
  const markdown = collection.format === "markdown";
  const media = `images/${collection.folder}`;
  const fields = objectFields(root, { collection: name, media }).map((field) => typedOnce(name, field));
  if (markdown)
    fields.push({ name: "body", label: "Body", widget: "markdown", hint: "The text of the page, in markdown" });
  const idField = root.properties?.slug ? "slug" : "id";
  const hasId = Boolean(root.properties?.[idField]);
  return {
    name,
    label,
    // "New Article", not "New Articles": every `what` of the table is a plural ending in s.
    label_singular: label.replace(/s$/, ""),
    folder: `content/${collection.folder}`,
    extension: markdown ? "md" : "yaml",
    format: yamlFormat(collection.jsonSchema ?? name, markdown),
    create: true,
    // The file name is the entry's id or slug (the build checks they agree); policy pages are named by their title.
    slug: hasId ? `{{fields.${idField}}}` : "{{slug}}",
    identifier_field: root.properties?.title ? "title" : root.properties?.name ? "name" : idField,
    fields,
  };
}

/**
 * An article's slug, a product's or project's id, and an article's id are made from the title (or name) when left
 * empty (src/admin/rules.ts), so the editor types the fact once and the file is named after it.
 */
function typedOnce(collection: CollectionName, field: CmsField): CmsField {
  if (!isRuled(collection)) return field;
  const { naming, from } = RULED[collection];
  if (field.name === naming)
    return { ...field, required: false, hint: `${field.hint}. Left empty, it is made from the ${from}` };
  if (field.name === "id" && naming === "slug")
    return { ...field, required: false, hint: `${field.hint}. Left empty, it is the slug` };
  return field;
}

interface Place {
  collection: CollectionName;
  /** Label of the optional object this field sits in: Decap would insist on its fields even when it is left out. */
  optionalIn?: string;
  /** content/<media>, where this collection's images live; undefined: the global media folder. */
  media: string | undefined;
  path?: string;
}

function objectFields(node: JsonNode, place: Place): CmsField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, child]) =>
    cmsField(name, child, required.has(name), { ...place, path: place.path ? `${place.path}.${name}` : name }),
  );
}

/** Whether a value the CMS leaves empty ("" or []) passes the schema. */
function acceptsEmpty(node: JsonNode): boolean {
  if (node.type === "string")
    return !node.enum && (node.minLength ?? 0) === 0 && (!node.pattern || new RegExp(node.pattern).test(""));
  if (node.type === "array") return (node.minItems ?? 0) === 0;
  return false;
}

function cmsField(name: string, node: JsonNode, inRequired: boolean, place: Place): CmsField {
  const notes: string[] = [];
  const field: CmsField = {
    name,
    label: humanize(name),
    widget: "string",
    required: inRequired && !acceptsEmpty(node) && !place.optionalIn,
  };
  if (inRequired && place.optionalIn) notes.push(`Needed when ${place.optionalIn} is given`);
  if (node.default !== undefined && node.type !== "object") field.default = node.default;
  // Decap lists the other collection's entries live (a relation), so a new product is offered at once.
  const reference = referenceOf(place.collection, place.path ?? "");

  if (node.enum) {
    field.widget = "select";
    field.options = node.enum.map(String);
  } else if (reference) {
    Object.assign(field, {
      widget: "relation",
      collection: reference.collection,
      value_field: reference.valueField,
      search_fields: [reference.label, reference.valueField],
      display_fields: [reference.label],
    });
  } else if (node.type === "boolean") {
    field.widget = "boolean";
  } else if (node.type === "integer" || node.type === "number") {
    Object.assign(field, numberRules(node, notes));
  } else if (node.type === "string") {
    Object.assign(field, stringRules(node, place));
    if (node["x-refined"] && node.format !== "date") notes.push(refinedNote(node));
  } else if (node.type === "array" && node.items) {
    field.widget = "list";
    if (node.minItems) field.min = node.minItems;
    if (node.maxItems !== undefined) field.max = node.maxItems;
    // An item exists once it is added: its own fields are required as the schema says.
    const item = { ...place, optionalIn: undefined };
    if (node.items.type === "object") field.fields = objectFields(node.items, item);
    else field.field = cmsField("item", node.items, true, item);
    const named = field.fields?.find((f) => f.widget === "string") ?? field.field;
    if (named) field.summary = `{{fields.${named.name}}}`;
    field.label_singular = singular(field.label);
  } else if (node.type === "object") {
    field.widget = "object";
    const optional = !inRequired || place.optionalIn;
    field.fields = objectFields(node, optional ? { ...place, optionalIn: place.optionalIn ?? field.label } : place);
    if (!inRequired) notes.push("Optional: leave every field empty to leave it out");
  } else {
    throw new Error(`content schema ${place.collection}.${place.path}: no CMS widget for ${JSON.stringify(node)}`);
  }
  // A date is shown in the picker's format, so the hint names none.
  const said = field.widget === "datetime" ? node.description?.replace(/,?\s*yyyy-mm-dd/, "") : node.description;
  const hint = [said, ...notes].filter(Boolean).join(". ");
  if (hint) field.hint = hint;
  return field;
}

function numberRules(node: JsonNode, notes: string[]): Partial<CmsField> {
  const int = node.type === "integer";
  const rules: Partial<CmsField> = { widget: "number", value_type: int ? "int" : "float" };
  if (node.minimum !== undefined && node.minimum > -MAX_SAFE) rules.min = node.minimum;
  if (node.maximum !== undefined && node.maximum < MAX_SAFE) rules.max = node.maximum;
  if (node.exclusiveMinimum !== undefined) {
    // Decap's bounds are inclusive: a whole number above 0 is at least 1; a decimal one is said in the hint.
    rules.min = int ? node.exclusiveMinimum + 1 : node.exclusiveMinimum;
    if (!int) notes.push(`Must be more than ${node.exclusiveMinimum}`);
  }
  return rules;
}

function stringRules(node: JsonNode, place: Place): Partial<CmsField> {
  const rules: Partial<CmsField> = {};
  if (node.format === "date") {
    // The date picker writes only real days, so the calendar check cannot fail from the CMS.
    Object.assign(rules, {
      widget: "datetime",
      format: "YYYY-MM-DD",
      date_format: "YYYY-MM-DD",
      time_format: false,
      picker_utc: true,
    });
  } else if (node.pattern === IMAGE_PATTERN) {
    rules.widget = "image";
    rules.choose_url = false;
    if (place.media) {
      rules.media_folder = `/content/${place.media}`;
      rules.public_folder = `/${place.media}`;
    }
  } else if (MULTILINE.has(place.path?.split(".").at(-1) ?? "")) {
    rules.widget = "text";
  }
  const pattern = stringPattern(node);
  if (pattern) rules.pattern = rules.widget === "image" ? fileNamePattern(pattern, rules.public_folder) : pattern;
  return rules;
}

/**
 * Decap checks an image field's pattern against the file's name alone (it writes public_folder + "/" + the name), so
 * the schema's /images/… prefix, which public_folder supplies, is left out.
 */
function fileNamePattern([pattern]: [string, string], folder: string | undefined): [string, string] {
  const prefix = "^\\/images\\/";
  if (!pattern.startsWith(prefix)) throw new Error(`An image pattern must start with ${prefix}: ${pattern}`);
  return [
    // Below /images/<folder>/ the folder's name already gave the pattern its one character; at /images/ the name must.
    `^${pattern.slice(prefix.length).replace("[a-z0-9/_-]+", folder ? "[a-z0-9_-]*" : "[a-z0-9_-]+")}`,
    "Name the file with lower-case letters, digits, - and _ only, ending in .svg, .png, .jpg, .webp or .avif",
  ];
}

/**
 * One regular expression for the pattern and the length bounds, since Decap checks one pattern per field; a minimum
 * length of 1 is Decap's `required`, so it needs none.
 */
function stringPattern(node: JsonNode): [string, string] | undefined {
  const messages = node["x-messages"] ?? {};
  const min = node.minLength ?? 0;
  const bounded = min > 1 || node.maxLength !== undefined;
  const length = bounded ? `[\\s\\S]{${min},${node.maxLength ?? ""}}` : undefined;
  if (!node.pattern && !length) return undefined;
  const message =
    messages.pattern ?? messages.maxLength ?? messages.minLength ?? `Expected text matching ${node.pattern}`;
  if (!length) return [node.pattern ?? "", message];
  if (!node.pattern) return [`^${length}$`, message];
  const lengthMessage = messages.maxLength ?? `between ${min} and ${node.maxLength} characters`;
  return [`^(?=${length}$)${node.pattern.replace(/^\^/, "")}`, `${message}; ${lengthMessage}`];
}

function refinedNote(node: JsonNode): string {
  return `Checked by the build: ${node["x-messages"]?.custom ?? "a rule the editor cannot check"}`;
}

/** "shortDescription" → "Short description"; "priceINR" → "Price INR"; "faq" → "FAQ". */
export function humanize(name: string): string {
  if (/^(faq|id|seo|url)$/.test(name)) return name.toUpperCase();
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .map((word, i) => (i === 0 || /^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()));
  return capitalize(words.join(" "));
}

/** "Tech specs" → "tech spec", "Features" → "feature": the list's "Add …" button. */
function singular(label: string): string {
  return label.toLowerCase().replace(/ies$/, "y").replace(/s$/, "");
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The backend the build's environment asks for. CMS_LOCAL_BACKEND: npm run dev's own (server/cms-backend.ts), in git
 * mode for the editorial workflow when CMS_LOCAL_BRANCH names the branch it merges into. Otherwise GitHub, on
 * cmsRepository's repository, with CMS_GITHUB_BRANCH (main) and CMS_AUTH_URL (the OAuth function's origin; the site's
 * own origin by default, where the stack routes /api/github-oauth); with none, the local checkout through npm run dev.
 * @param deployment set when the build is for a stack (the CDK app), with the stack's githubRepo setting
 * @throws SettingError from cmsRepository
 */
export function cmsBackendFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  siteUrl: string,
  deployment?: { githubRepo: string | undefined },
): CmsBackend {
  if (env.CMS_LOCAL_BACKEND && env.CMS_LOCAL_BRANCH)
    return { kind: "local-git", url: env.CMS_LOCAL_BACKEND, branch: env.CMS_LOCAL_BRANCH };
  if (env.CMS_LOCAL_BACKEND) return { kind: "local", url: env.CMS_LOCAL_BACKEND };
  const repo = cmsRepository(env, deployment);
  if (!repo) return { kind: "local", url: LOCAL_CMS_API };
  return {
    kind: "github",
    repo,
    branch: env.CMS_GITHUB_BRANCH || "main",
    baseUrl: env.CMS_AUTH_URL || new URL(siteUrl).origin,
    authEndpoint: "api/github-oauth/auth",
  };
}

/**
 * The GitHub repository /admin saves to: the stack's githubRepo setting (`deployment`), else CMS_GITHUB_REPO
 * (owner/name), else the one GitHub Actions builds (GITHUB_REPOSITORY); undefined for a local build, which edits the
 * local checkout, and for npm run dev's (CMS_LOCAL_BACKEND).
 * @throws SettingError naming the setting to give, when a deployment's build (a stack's, or in GitHub Actions) has none
 */
export function cmsRepository(
  env: Readonly<Record<string, string | undefined>>,
  deployment?: { githubRepo: string | undefined },
): string | undefined {
  if (env.CMS_LOCAL_BACKEND) return undefined;
  const repo = deployment?.githubRepo || env.CMS_GITHUB_REPO || env.GITHUB_REPOSITORY;
  if (!repo && (deployment || env.GITHUB_ACTIONS === "true"))
    throw new SettingError(
      "/admin would save nowhere: name the GitHub repository it saves to with the stack setting githubRepo " +
        "(-c githubRepo=owner/name, or SITE_GITHUB_REPO) or CMS_GITHUB_REPO=owner/name",
    );
  return repo || undefined;
}
