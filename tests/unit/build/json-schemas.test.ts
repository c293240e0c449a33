import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { contentJsonSchemas } from "../../../build/plugins/admin/json-schemas.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("contentJsonSchemas", () => {
  test("content/.schemas is up to date with src/schemas (run npm run schemas after changing a schema)", async () => {
    for (const [name, text] of Object.entries(contentJsonSchemas())) {
      expect(await readFile(path.join(ROOT, "content/.schemas", `${name}.json`), "utf8"), name).toBe(text);
    }
  });

  test("tell an editor's YAML extension what each field is for, which are required, which are dates, and no other keys", () => {
    type Schema = {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { description?: string; format?: string }>;
    };
    const [product, post, page] = ["product", "blog-post", "policy-page"].map(
      (name) => JSON.parse(contentJsonSchemas()[name] ?? "{}") as Schema,
    );
    expect(product?.required).toContain("tagline");
    expect(product?.additionalProperties).toBe(false);
    // documentationUrl is derived from the id: never asked of an editor.
    expect(Object.keys(product?.properties ?? {})).not.toContain("documentationUrl");
    expect(product?.properties.image?.description).toBe(
      "Artwork under content/images, written as served: /images/products/<id>.svg",
    );
    for (const [field, spec] of Object.entries(post?.properties ?? {})) expect(spec.description, field).toBeTruthy();
    // The editor flags 2025-13-45 before the build does.
    expect([post?.properties.date?.format, page?.properties.lastUpdated?.format]).toEqual(["date", "date"]);
  });
});
