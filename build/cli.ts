import "../scripts/require-node.ts";
import { Console } from "node:console";
import { writeFile } from "node:fs/promises";
import "./production-react.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ContentErrors, describeError, formatAnnotation } from "./errors.ts";
import { build } from "./index.ts";
import { type CliIo, isEntryPoint } from "../scripts/cli-io.ts";
import { readSiteEnvironment, type SiteEnvironment } from "../src/lib/site-environment.ts";

/**
 * `npm run build`: builds dist/ and prints a line per stage; exit code 1 on any error. (Page weights: `npm run
 * sizes`, scripts/sizes.ts.) `--content DIR` and `--out DIR` build other content or into another folder (tests,
 * benchmarks); `--cache DIR` keeps the build cache there instead of .cache/; `--report FILE` writes what the build
 * returned (content, page counts) as JSON, for the tests that share this build (npm test); SITE_ENV=staging and SITE_URL build for another
 * environment (src/lib/site-environment.ts). `--drafts` builds drafts and posts dated after today too, each with a
 * Draft banner (what npm run dev shows); without it, as in production and staging, they are left out of every output.
 * BUILD_NOW (an ISO date or time, e.g. 2027-05-01T00:00:00+05:30) builds as of that moment instead of the clock's.
 * `--annotations` prints every content error as a GitHub Actions `::error file=…,line=…::` line too (one workflow step
 * asks for them, so the preview build beside it does not print each error twice). `--notify-first-files` sends its
 * parent process (npm start, over IPC) "first-files" once the pages and what they fetch are written, before the rest.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `npm run build` with these arguments, environment and output streams; resolves to the exit code. */
export async function buildCli(args: readonly string[], io: CliIo): Promise<number> {
  const out = new Console({ stdout: io.stdout, stderr: io.stderr });
  const { values } = parseArgs({
    args: [...args],
    options: {
      content: { type: "string" },
      out: { type: "string" },
      cache: { type: "string" },
      report: { type: "string" },
      drafts: { type: "boolean" },
      annotations: { type: "boolean" },
      "notify-first-files": { type: "boolean" },
    },
  });
  let environment: SiteEnvironment;
  let now: Date | undefined;
  try {
    environment = readSiteEnvironment(io.env);
    now = readBuildNow(io.env.BUILD_NOW);
  } catch (error) {
    // A wrong SITE_ENV or SITE_URL is the caller's setting, not our bug: the message alone says what to fix.
    out.error(`\nBuild failed.\n${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const result = await build({
      rootDir,
      contentDir: values.content && path.resolve(values.content),
      outDir: values.out && path.resolve(values.out),
      environment,
      cacheDir: values.cache && path.resolve(values.cache),
      drafts: values.drafts,
      now,
      env: io.env,
      log: (line) => out.log(line),
      onFirstFiles: values["notify-first-files"] ? () => process.send?.("first-files") : undefined,
    });
    if (values.report) await writeFile(path.resolve(values.report), JSON.stringify(result));
    // CPU time of all threads: a measure that a busy machine distorts less than the wall clock.
    const cpu = process.cpuUsage();
    out.log(`[build] ${result.pages} pages in ${result.ms} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms)`);
    return 0;
  } catch (error) {
    out.error(`\nBuild failed.\n${describeError(error)}`);
    // The pull-request workflow asks for them: each content error also lands on its file and line in the pull request;
    // the checks waiting for the next round are not errors yet.
    if (error instanceof ContentErrors && values.annotations)
      for (const issue of error.issues) out.log(formatAnnotation(issue));
    return 1;
  }
}

if (isEntryPoint(import.meta.url)) {
  const code = await buildCli(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  // As before the function existed: a failed build ends the process at once, whatever a stage still holds open.
  if (code !== 0) process.exit(code);
}

/** BUILD_NOW as a moment; undefined when unset. */
function readBuildNow(text: string | undefined): Date | undefined {
  if (!text?.trim()) return undefined;
  const now = new Date(text.trim());
  if (Number.isNaN(now.getTime()))
    throw new Error(`BUILD_NOW is "${text}"; expected an ISO date or time such as 2027-05-01T00:00:00+05:30`);
  return now;
}
