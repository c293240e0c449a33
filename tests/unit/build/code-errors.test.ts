import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as esbuild from "esbuild";
import { expect, test } from "vitest";
import { BuildError, describeError } from "../../../build/errors.ts";

/** What the build prints (and the dev overlay shows) for a syntax error in our code, however it reaches us. */
test("a syntax error reads as file:line:column, the compiler's message and the line with a caret", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "code-errors-"));
  const file = path.join(dir, "src/components/card.tsx");
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const source = "export function Card() {\n  return <div <<;\n}\n";
    await writeFile(file, source);
    const failure = await esbuild.transform(source, { loader: "tsx", sourcefile: file, logLevel: "silent" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    // As the route loader wraps it: the cause chain is searched.
    const message = describeError(new BuildError("Having trouble loading page module", { cause: failure }));
    expect(message.replaceAll(`${dir}/`, "")).toBe(
      [
        "Syntax error in the code:",
        'src/components/card.tsx:2:17 Expected identifier but found ";"',
        // The code frame is esbuild's (formatMessages).
        "2 │   return <div <<;",
        "  ╵                 ^",
      ].join("\n"),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
