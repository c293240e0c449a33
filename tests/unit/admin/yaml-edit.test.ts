import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { editYaml, splitFrontMatter } from "../../../src/admin/yaml-edit.ts";

const CONTENT = path.resolve(import.meta.dirname, "../../../content");

/** Every YAML text an editor can open in /admin: the YAML files and the front matter of the markdown ones. */
const files = readdirSync(CONTENT, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.(ya?ml|md)$/.test(file) && !/^(documentation|images|\.schemas)\//.test(file))
  .map((file) => {
    const text = readFileSync(path.join(CONTENT, file), "utf8");
    return { file, yaml: file.endsWith(".md") ? splitFrontMatter(text).yaml : text };
  });

/** The lines of `before` that `after` does not keep, between their common first and last lines. */
function changedLines(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  return a.slice(head, a.length - tail);
}

describe("saving through /admin's YAML format", () => {
  it("writes every content file opened and saved unchanged byte for byte as it was", () => {
    expect(files.length).toBeGreaterThan(40);
    for (const { file, yaml } of files) expect(editYaml(yaml, parse(yaml)), file).toBe(yaml);
  });

  it("changes only the lines of the one top-level field edited, in any content file", () => {
    let edits = 0;
    for (const { file, yaml } of files) {
      const data = parse(yaml) as Record<string, unknown>;
      for (const [key, value] of Object.entries(data)) {
        if (typeof value !== "string" && typeof value !== "number") continue;
        const next = { ...data, [key]: typeof value === "string" ? `${value} (edited)` : value + 1 };
        const saved = editYaml(yaml, next);
        expect(parse(saved), `${file} ${key}`).toEqual(next);
        // Every changed line lies between the field's key and the next top-level key.
        const lines = yaml.split("\n");
        const first = lines.indexOf(changedLines(yaml, saved)[0] ?? "");
        const owner = lines.slice(0, first + 1).findLast((line) => /^[^\s#-]/.test(line));
        expect(owner, `${file} ${key}`).toMatch(new RegExp(`^${key}:`));
        const inside = changedLines(yaml, saved).slice(owner === lines[first] ? 1 : 0);
        expect(
          inside.filter((line) => /^[^\s#]/.test(line)),
          `${file} ${key}`,
        ).toEqual([]);
        edits += 1;
      }
    }
    expect(edits).toBeGreaterThan(200);
  });

  it("changes one line for one list item or one nested field, and adds no field the editor never set", () => {
    const yaml = readFileSync(path.join(CONTENT, "products/esim.yaml"), "utf8");
    const data = parse(yaml) as { features: string[]; techSpecs: { label: string; value: string }[] };
    const features = data.features.with(2, "Edited feature");
    const techSpecs = data.techSpecs.with(0, { label: "Backend", value: "Edited" });
    const saved = editYaml(yaml, { ...data, features, draft: false, readyMadeClones: [] });
    expect(changedLines(yaml, saved)).toEqual([`  - ${data.features[2]}`]);
    expect(saved).toContain("  - Edited feature\n");
    const twice = editYaml(yaml, { ...data, techSpecs });
    expect(changedLines(yaml, twice)).toHaveLength(1);
    expect(twice).toContain("    value: Edited\n");
  });

  it("removes a cleared optional field and writes a new entry in the form's order without unset fields", () => {
    const yaml = "# a comment\nid: a\nprice:\n  amount: 5\n  currency: USD\nname: A\n";
    expect(editYaml(yaml, { id: "a", price: undefined, name: "A" })).toBe("# a comment\nid: a\nname: A\n");
    expect(editYaml("", { name: "B", id: "b", draft: false, tags: [] }, ["id", "name"])).toBe("id: b\nname: B\n");
  });
});
