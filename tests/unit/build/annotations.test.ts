import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildCli } from "../../../build/cli.ts";
import { formatAnnotation } from "../../../build/errors.ts";
import { type CliRun, runCli } from "../../fixtures/cli.ts";
import { contentWith } from "../../fixtures/content.ts";

describe("content errors as pull-request annotations", () => {
  test.each([
    {
      // The editor's own line is the message; file, line and field say where it goes.
      issue: { file: "content/blog/x.md", line: 4, field: "slug", message: "Duplicate slug" },
      line: "::error file=content/blog/x.md,line=4,title=slug::content/blog/x.md:4 slug: Duplicate slug",
    },
    {
      // A line break, a percent sign or a comma in the field stays within one annotation.
      issue: { file: "content/site.yaml", field: "claims[0].text,b", message: "100% wrong\nsecond line" },
      line: "::error file=content/site.yaml,title=claims[0].text%2Cb::content/site.yaml claims[0].text,b: 100%25 wrong%0Asecond line",
    },
  ])("$issue.file becomes one annotation on its file and line", ({ issue, line }) => {
    expect(formatAnnotation(issue)).toBe(line);
  });

  describe("npm run build -- --annotations with broken files (tests/fixtures/broken)", () => {
    let fixture: Awaited<ReturnType<typeof contentWith>>;
    let out: string;
    let result: CliRun;
    beforeAll(async () => {
      fixture = await contentWith("broken");
      out = await mkdtemp(path.join(tmpdir(), "annotations-out-"));
      result = await runCli(buildCli, ["--content", fixture.dir, "--out", out, "--annotations"], process.env);
    });
    afterAll(async () => {
      await fixture.cleanup();
      await rm(out, { recursive: true, force: true });
    });

    test("prints every error of the build as an annotation on its file and line, one line each", () => {
      expect(result.code).toBe(1);
      const annotations = result.stdout.split("\n").filter((line) => line.startsWith("::error "));
      expect(annotations).toHaveLength(6);
      expect(annotations).toContain(
        "::error file=content/products/zeta.yaml,line=15,title=features[3]::content/products/zeta.yaml:15 features[3]: Expected string, received number",
      );
      expect(
        annotations.find((line) => line.startsWith("::error file=content/blog/zeta-duplicate.md,line=3,title=slug::")),
      ).toBeDefined();
      // The terminal's list is still there for whoever reads the log.
      expect(result.stderr).toContain("6 content errors:");
    });
  });
});
