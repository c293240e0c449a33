import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { CmsCollection, CmsConfig, CmsField } from "../../../src/admin/config.ts";
import { cmsBackendFromEnv, cmsConfig, cmsYamlFormats, humanize } from "../../../build/plugins/admin/cms-config.ts";
import { type CollectionName, collectionEntries, referenceOf } from "../../../src/schemas/collections.ts";
import { collectionJsonSchema, type JsonNode } from "../../../build/plugins/admin/json-schemas.ts";
import { GITHUB_OAUTH_PATHS } from "../../../lambdas/github-oauth/paths.ts";
import { ROOT } from "../../fixtures/content.ts";

const local = { kind: "local", url: "/admin/api/v1" } as const;
const config = () => cmsConfig({ backend: local, siteUrl: "https://www.example.com" });

/**
 * Every difference between the content schemas and the CMS's fields, one line each: walks each schema's JSON Schema
 * and the CMS collection side by side, in both directions. Written without the generator's helpers, so a generator
 * bug is not repeated here.
 */
function differences(cms: CmsConfig): string[] {
  const problems: string[] = [];
  for (const [name, collection] of collectionEntries()) {
    if (!collection.schema) continue;
    const found = cms.collections.find((c) => c.name === name);
    if (!found) {
      problems.push(`${name}: no CMS collection`);
      continue;
    }
    const fields = fieldsOf(found);
    const root = collectionJsonSchema(collection.schema);
    if (collection.kind === "folder") {
      if (found.folder !== `content/${collection.folder}`) problems.push(`${name}: folder ${found.folder}`);
      const markdown = collection.format === "markdown";
      if (found.format !== `${markdown ? "markdown" : "yaml"}-${collection.jsonSchema}`)
        problems.push(`${name}: format ${found.format}`);
      const body = fields.find((f) => f.name === "body");
      if (markdown && body?.widget !== "markdown") problems.push(`${name}: no markdown body`);
    } else if (found.files?.[0]?.file !== `content/${collection.file}`) problems.push(`${name}: file`);
    compareObject(
      name,
      name,
      root,
      fields.filter((f) => !(collection.kind === "folder" && f.name === "body")),
      problems,
    );
  }
  return problems;
}

function fieldsOf(collection: CmsCollection | undefined): CmsField[] {
  return collection?.fields ?? collection?.files?.[0]?.fields ?? [];
}

/**
 * `optional`: the object itself may be left out. Decap would still insist on its required fields, so the CMS marks
 * them optional and its hint says they are needed with the object; the build checks the object whole.
 */
function compareObject(
  collection: string,
  at: string,
  node: JsonNode,
  fields: CmsField[],
  problems: string[],
  optional = false,
) {
  const properties = node.properties ?? {};
  for (const field of fields) if (!(field.name in properties)) problems.push(`${at}.${field.name}: not in the schema`);
  for (const [name, child] of Object.entries(properties)) {
    const field = fields.find((f) => f.name === name);
    const required = (node.required ?? []).includes(name);
    if (!field) problems.push(`${at}.${name}: no CMS field`);
    else {
      if (optional && required && !field.hint?.includes("Needed when"))
        problems.push(`${at}.${name}: the hint does not say it is needed with its object`);
      compareField(collection, `${at}.${name}`, child, required && !optional, field, problems, optional);
    }
  }
}

/** Whether the schema takes "" (or [] for a list) for a value that must be present. */
function schemaTakesEmpty(node: JsonNode): boolean {
  if (node.type === "array") return !node.minItems;
  if (node.type !== "string" || node.enum) return false;
  return !node.minLength && !(node.pattern && !new RegExp(node.pattern).test(""));
}

function compareField(
  collection: string,
  at: string,
  node: JsonNode,
  inRequired: boolean,
  field: CmsField,
  problems: string[],
  inOptional = false,
) {
  const differ = (rule: string, schema: unknown, cms: unknown) => {
    if (JSON.stringify(schema) !== JSON.stringify(cms))
      problems.push(`${at}: ${rule} differs: schema ${JSON.stringify(schema)}, CMS ${JSON.stringify(cms)}`);
  };
  // An id or slug left empty is made from the title before the save (src/admin/rules.ts), so the form does not insist.
  const made = /Left empty, it is/.test(field.hint ?? "");
  differ("required", inRequired && !schemaTakesEmpty(node) && !made, field.required ?? false);
  if (node.default !== undefined && node.type !== "object") differ("default", node.default, field.default);
  if (node.enum) return differ("options", node.enum, field.options);
  const reference = referenceOf(collection, at.replace(/^[^.]+\./, ""));
  if (reference) {
    differ("widget", "relation", field.widget);
    // Every value a relation offers is an existing entry's id, which the id's own schema already accepts.
    return differ("relation", reference.collection, field.collection);
  }
  if (node.type === "boolean") return differ("widget", "boolean", field.widget);
  if (node.type === "integer" || node.type === "number") {
    differ("widget", "number", field.widget);
    differ("value type", node.type === "integer" ? "int" : "float", field.value_type);
    const exclusive = node.exclusiveMinimum;
    const min =
      exclusive !== undefined
        ? exclusive + (node.type === "integer" ? 1 : 0)
        : (node.minimum ?? Number.MIN_SAFE_INTEGER);
    differ("min", min, field.min ?? Number.MIN_SAFE_INTEGER);
    differ("max", node.maximum ?? Number.MAX_SAFE_INTEGER, field.max ?? Number.MAX_SAFE_INTEGER);
    if (exclusive !== undefined && node.type === "number" && !field.hint?.includes(`more than ${exclusive}`))
      problems.push(`${at}: the hint does not say the value must be more than ${exclusive}`);
    return;
  }
  if (node.type === "string") return compareString(collection, at, node, field, problems);
  if (node.type === "array") {
    differ("widget", "list", field.widget);
    differ("min items", node.minItems ?? 0, field.min ?? 0);
    differ("max items", node.maxItems, field.max);
    const items = node.items ?? {};
    if (items.type === "object") compareObject(collection, `${at}[]`, items, field.fields ?? [], problems);
    else if (!field.field) problems.push(`${at}: a list without an item field`);
    else compareField(collection, `${at}[]`, items, true, field.field, problems);
    return;
  }
  if (node.type === "object") {
    differ("widget", "object", field.widget);
    return compareObject(collection, at, node, field.fields ?? [], problems, inOptional || !inRequired);
  }
  problems.push(`${at}: a schema type the test does not know: ${JSON.stringify(node)}`);
}

/**
 * Same verdict on every text: Decap checks a non-empty value against its one pattern (an empty one against
 * `required` only), the schema with its pattern and length bounds. Texts come from both patterns, random
 * strings, and lengths around the bounds.
 */
function compareString(collection: string, at: string, node: JsonNode, field: CmsField, problems: string[]) {
  if (node.format === "date" && field.widget !== "datetime") problems.push(`${at}: a date without a date picker`);
  const told = node["x-messages"]?.custom;
  if (node["x-refined"] && node.format !== "date" && !(told && field.hint?.includes(`Checked by the build: ${told}`)))
    problems.push(`${at}: a rule only the build checks is not named in the hint, in the rule's own words`);
  const schemaTakes = (text: string) =>
    (!node.pattern || new RegExp(node.pattern).test(text)) &&
    text.length >= (node.minLength ?? 0) &&
    text.length <= (node.maxLength ?? Number.POSITIVE_INFINITY);
  // An image field is checked by its file's name (Decap validates the basename) and written as public_folder/name.
  const image = field.widget === "image";
  const folder = field.public_folder ?? "/images";
  const cmsTakes = (text: string) => !field.pattern || new RegExp(field.pattern[0]).test(text);
  const written = (text: string) => (image ? `${folder}/${text}` : text);
  const samples = [
    fc.string({ minLength: 1, maxLength: 90 }),
    ...[node.pattern, field.pattern?.[0]].flatMap((pattern) =>
      pattern ? [fc.stringMatching(new RegExp(pattern)).filter((s) => s.length > 0)] : [],
    ),
  ];
  const bounds = [node.minLength, node.maxLength].flatMap((n) => (n ? [n - 1, n, n + 1] : []));
  const edge = bounds.filter((n) => n > 0).map((n) => "x".repeat(n));
  const texts = [...edge, ...fc.sample(fc.oneof(...samples), { numRuns: 300, seed: 36 })].map((text) =>
    image ? (text.split("/").at(-1) ?? "") : text,
  );
  const disagree = texts.find((text) => text && schemaTakes(written(text)) !== cmsTakes(text));
  if (disagree !== undefined)
    problems.push(
      `${at}: the schema ${schemaTakes(written(disagree)) ? "takes" : "refuses"} ${JSON.stringify(written(disagree))}, the CMS does not agree`,
    );
  if (image && collection !== "site") {
    const folder = field.media_folder?.replace(/^\//, "") ?? "";
    if (!folder.startsWith("content/images/") || !existsSync(path.join(ROOT, folder)))
      problems.push(`${at}: image folder ${folder} does not exist`);
  }
}

describe("cmsConfig", () => {
  test("has a CMS field for every schema field, with the same rules, and nothing else", () => {
    expect(differences(config())).toEqual([]);
  });

  test("reports a schema field the CMS lacks, a bound that differs and a pattern that drifted", () => {
    const drifted = config();
    const posts = drifted.collections.find((c) => c.name === "posts");
    const products = drifted.collections.find((c) => c.name === "products");
    if (!posts?.fields || !products?.fields) throw new Error("posts and products are folder collections");
    posts.fields = posts.fields.filter((f) => f.name !== "excerpt");
    const features = products.fields.find((f) => f.name === "features");
    const id = products.fields.find((f) => f.name === "id");
    if (features) features.min = 3;
    if (id) id.pattern = ["^[a-z0-9-]+$", "lower case"];
    expect(differences(drifted)).toEqual([
      expect.stringMatching(/^products\.id: the schema refuses "[^"]*", the CMS does not agree$/),
      "products.features: min items differs: schema 10, CMS 3",
      "posts.excerpt: no CMS field",
    ]);
  });

  test("writes each folder's entries as files named by their id or slug, images into content/images/<folder>", () => {
    const posts = config().collections.find((c) => c.name === "posts");
    expect(posts).toMatchObject({ folder: "content/blog", extension: "md", slug: "{{fields.slug}}" });
    expect(posts?.fields?.find((f) => f.name === "image")).toMatchObject({
      widget: "image",
      media_folder: "/content/images/blog",
      public_folder: "/images/blog",
    });
    expect(posts?.fields?.find((f) => f.name === "draft")).toMatchObject({ widget: "boolean", required: false });
  });

  test("offers the categories, package ids and product ids as choices", () => {
    const cms = config();
    const field = (collection: CollectionName, name: string) =>
      fieldsOf(cms.collections.find((c) => c.name === collection)).find((f) => f.name === name);
    expect(field("posts", "category")?.options).toEqual(["Technology", "Business", "Marketing"]);
    expect(field("portfolio", "category")?.options).toContain("Real Estate");
    expect(field("portfolio", "productId")).toMatchObject({ widget: "relation", collection: "products" });
    const packages = field("installation", "packages");
    expect(packages?.fields?.find((f) => f.name === "id")?.options).toEqual(["basic", "android", "complete"]);
  });

  test("lets an article's slug and id, and a product's id, be made from the title or name", () => {
    const cms = config();
    const field = (collection: CollectionName, name: string) =>
      fieldsOf(cms.collections.find((c) => c.name === collection)).find((f) => f.name === name);
    expect(field("posts", "slug")).toMatchObject({
      required: false,
      hint: expect.stringMatching(/made from the title$/),
    });
    expect(field("posts", "id")).toMatchObject({ required: false, hint: expect.stringMatching(/it is the slug$/) });
    expect(field("products", "id")).toMatchObject({
      required: false,
      hint: expect.stringMatching(/made from the name$/),
    });
    expect(field("posts", "title")?.required).toBe(true);
  });

  test("edits the checkout through npm run dev locally and opens pull requests on GitHub in production", () => {
    expect(config()).toMatchObject({ backend: { name: "proxy", proxy_url: local.url } });
    expect(config().publish_mode).toBeUndefined();
    const github = cmsConfig({
      backend: cmsBackendFromEnv({ CMS_GITHUB_REPO: "acme/site" }, "https://www.example.com/"),
      siteUrl: "https://www.example.com",
    });
    expect(github).toMatchObject({
      backend: { name: "github", repo: "acme/site", branch: "main", base_url: "https://www.example.com" },
      publish_mode: "editorial_workflow",
    });
  });

  test("saves to the stack's repository, else CMS_GITHUB_REPO, else the one GitHub Actions builds", () => {
    const site = "https://www.example.com/";
    const repoOf = (env: Record<string, string>, githubRepo?: string) => {
      const backend = cmsBackendFromEnv(env, site, { githubRepo });
      return backend.kind === "github" ? backend.repo : backend.kind;
    };
    const actions = { GITHUB_ACTIONS: "true", GITHUB_REPOSITORY: "a/b" };
    expect(repoOf(actions)).toBe("a/b");
    expect(repoOf({ ...actions, CMS_GITHUB_REPO: "acme/content" })).toBe("acme/content");
    expect(repoOf({ ...actions, CMS_GITHUB_REPO: "acme/content" }, "acme/stack")).toBe("acme/stack");
  });

  test("a deployment's build that names no repository stops saying which setting to give; a local one edits the checkout", () => {
    const site = "https://www.example.com/";
    const stop =
      /^\/admin would save nowhere: name the GitHub repository it saves to with the stack setting githubRepo .*CMS_GITHUB_REPO=owner\/name$/;
    expect(() => cmsBackendFromEnv({}, site, { githubRepo: undefined })).toThrow(stop);
    expect(() => cmsBackendFromEnv({ GITHUB_ACTIONS: "true" }, site)).toThrow(stop);
    expect(cmsBackendFromEnv({}, site)).toEqual(local);
  });

  test("npm run build in GitHub Actions without a repository stops at once with that line, writing nothing", async () => {
    const { buildCli } = await import("../../../build/cli.ts");
    let printed = "";
    const sink = new Writable({
      write(chunk, _encoding, done) {
        printed += chunk;
        done();
      },
    });
    const out = path.join(tmpdir(), `cms-config-unbuilt-${process.pid}`);
    const code = await buildCli(["--out", out], { env: { GITHUB_ACTIONS: "true" }, stdout: sink, stderr: sink });
    expect(code).toBe(1);
    expect(printed.trim().split("\n")).toEqual([
      "Build failed.",
      expect.stringMatching(/^\/admin would save nowhere: .* githubRepo .* CMS_GITHUB_REPO=owner\/name$/),
    ]);
    expect(existsSync(out)).toBe(false);
  });

  test("signs in through the stack's OAuth function on the site's own origin, or on CMS_AUTH_URL when given", () => {
    const site = "https://www.example.com/blog/";
    const github = cmsConfig({ backend: cmsBackendFromEnv({ CMS_GITHUB_REPO: "acme/site" }, site), siteUrl: site });
    // Decap opens base_url + "/" + auth_endpoint and accepts the popup's messages only from base_url's origin.
    expect(github.backend).toMatchObject({
      base_url: "https://www.example.com",
      auth_endpoint: GITHUB_OAUTH_PATHS.auth.slice(1),
    });
    const elsewhere = cmsBackendFromEnv(
      { CMS_GITHUB_REPO: "acme/site", CMS_GITHUB_BRANCH: "content", CMS_AUTH_URL: "https://staging.example.com" },
      site,
    );
    expect(elsewhere).toMatchObject({ baseUrl: "https://staging.example.com", branch: "content" });
  });

  test("rehearses the editorial workflow locally only when npm run dev -- --workflow names the branch to merge into", () => {
    const env = { CMS_LOCAL_BACKEND: local.url, CMS_GITHUB_REPO: "acme/site" };
    expect(cmsBackendFromEnv(env, "https://www.example.com/")).toEqual(local);
    const backend = cmsBackendFromEnv({ ...env, CMS_LOCAL_BRANCH: "trunk" }, "https://www.example.com/");
    expect(cmsConfig({ backend, siteUrl: "https://www.example.com" })).toMatchObject({
      backend: { name: "proxy", proxy_url: local.url, branch: "trunk" },
      publish_mode: "editorial_workflow",
    });
  });
});

describe("cmsYamlFormats", () => {
  test("should give every collection a format of ours that writes its schema line into a new file", () => {
    const formats = cmsYamlFormats();
    for (const collection of config().collections)
      expect(formats[collection.format ?? ""], collection.name).toMatch(/^\.\.?\/\.schemas\/[a-z-]+\.json$/);
    expect(formats["yaml-product"]).toBe("../.schemas/product.json");
    expect(formats["yaml-site"]).toBe("./.schemas/site.json");
    expect(formats["markdown-blog-post"]).toBe("../.schemas/blog-post.json");
  });
});

describe("humanize", () => {
  test("should turn a field name into a label", () => {
    expect(humanize("shortDescription")).toBe("Short description");
    expect(humanize("priceINR")).toBe("Price INR");
    expect(humanize("faq")).toBe("FAQ");
  });
});
