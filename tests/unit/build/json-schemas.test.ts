import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { contentJsonSchemas } from "../../../build/json-schemas.ts";
import { ROOT } from "../../fixtures/content.ts";

describe("contentJsonSchemas", () => {
  test("content/.schemas is up to date with src/schemas (run npm run schemas after changing a schema)", async () => {
    for (const [name, text] of Object.entries(contentJsonSchemas())) {
      expect(await readFile(path.join(ROOT, "content/.schemas", `${name}.json`), "utf8"), name).toBe(text);
    }
  });

  test("tells an editor's YAML extension about required fields and unknown keys", () => {
    const product = JSON.parse(contentJsonSchemas().product ?? "{}") as { required: string[]; additionalProperties: boolean };
    expect(product.required).toContain("tagline");
    expect(product.additionalProperties).toBe(false);
  });
});
