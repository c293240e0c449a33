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

  test("tells an editor's YAML extension about required fields and unknown keys", () => {
    const product = JSON.parse(contentJsonSchemas().product ?? "{}") as {
      required: string[];
      additionalProperties: boolean;
    };
    expect(product.required).toContain("tagline");
    expect(product.additionalProperties).toBe(false);
  });

  test("shows an editor what each field is for while typing", () => {
    type Schema = { properties: Record<string, { description?: string; format?: string }> };
    const product = JSON.parse(contentJsonSchemas().product ?? "{}") as Schema;
    expect(product.properties.image?.description).toBe(
      "Artwork under content/images, written as served: /images/products/<id>.svg",
    );
    const post = JSON.parse(contentJsonSchemas()["blog-post"] ?? "{}") as Schema;
    for (const [field, spec] of Object.entries(post.properties)) expect(spec.description, field).toBeTruthy();
  });

  test("marks dates as dates, so the editor flags 2025-13-45 before the build does", () => {
    type Schema = { properties: Record<string, { format?: string }> };
    const post = JSON.parse(contentJsonSchemas()["blog-post"] ?? "{}") as Schema;
    const page = JSON.parse(contentJsonSchemas()["policy-page"] ?? "{}") as Schema;
    expect(post.properties.date?.format).toBe("date");
    expect(page.properties.lastUpdated?.format).toBe("date");
  });

  test("does not ask editors for documentationUrl, which the build derives from the id", () => {
    const product = JSON.parse(contentJsonSchemas().product ?? "{}") as { properties: Record<string, unknown> };
    expect(Object.keys(product.properties)).not.toContain("documentationUrl");
  });
});
