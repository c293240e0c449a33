import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as z from "zod/mini";

/**
 * `npm run test:mutation [-- stryker options]`: runs StrykerJS (stryker.config.mjs), then writes each mutated file's
 * result from its JSON report into the table of docs/mutation.md, with the commit and date of the run. Rows of files
 * this run did not mutate stay as they were, so a run of one group (`-- --mutate "src/client/*.ts"`) updates that
 * group's rows only and the table says when each file was last measured. The report also carries files of earlier
 * runs from the incremental file: only the files this run was asked to mutate get a row.
 */
const REPORT = "reports/mutation/mutation.json";
const SUMMARY = "docs/mutation.md";
const START = "<!-- mutation-summary: written by scripts/mutation.ts -->";
const END = "<!-- /mutation-summary -->";
const HEADER = [
  "| file | score | killed | survived | no coverage | timeout | survivors by kind | run |",
  "|---|---|---|---|---|---|---|---|",
];

const reportSchema = z.object({
  files: z.record(
    z.string(),
    z.object({ mutants: z.array(z.object({ mutatorName: z.string(), status: z.string() })) }),
  ),
});
type Mutant = z.infer<typeof reportSchema>["files"][string]["mutants"][number];

/** One table row: Stryker's score counts timeouts as killed and leaves out ignored and erroring mutants. */
function summaryRow(file: string, mutants: Mutant[], run: string): string {
  const count = (status: string) => mutants.filter((mutant) => mutant.status === status).length;
  const [killed, survived, noCoverage, timeout] = [
    count("Killed"),
    count("Survived"),
    count("NoCoverage"),
    count("Timeout"),
  ];
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  const score = valid === 0 ? "n/a" : `${((100 * detected) / valid).toFixed(1)}%`;
  const byKind = new Map<string, number>();
  for (const mutant of mutants) {
    if (mutant.status === "Survived" || mutant.status === "NoCoverage") {
      byKind.set(mutant.mutatorName, (byKind.get(mutant.mutatorName) ?? 0) + 1);
    }
  }
  const kinds = [...byKind].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const survivors = kinds.map(([kind, n]) => `${kind} ${n}`).join(", ") || "none";
  return `| \`${file}\` | ${score} | ${killed} | ${survived} | ${noCoverage} | ${timeout} | ${survivors} | ${run} |`;
}

/** The summary's table with this run's rows put in place of the same files' earlier rows, sorted by file. */
function mergeSummary(markdown: string, rows: Map<string, string>): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${SUMMARY} has lost its ${START} … ${END} markers`);
  const merged = new Map(rows);
  for (const line of markdown.slice(start, end).split("\n")) {
    const file = /^\| `([^`]+)` \|/.exec(line)?.[1];
    if (file !== undefined && !merged.has(file)) merged.set(file, line);
  }
  const table = [...merged].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  return `${markdown.slice(0, start)}${[START, ...HEADER, ...table].join("\n")}\n${markdown.slice(end)}`;
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

// Read before the run, which copies the files as they are now. A run over uncommitted changes says so: its numbers
// belong to no commit anyone can check out.
const dirty = git("status", "--porcelain") === "" ? "" : " + uncommitted changes";
const run = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${git("rev-parse", "--short", "HEAD")}${dirty}`;
const args = process.argv.slice(2);
const mutateAt = args.findIndex((arg) => arg === "--mutate" || arg === "-m");
const mutate =
  args.find((arg) => arg.startsWith("--mutate="))?.slice("--mutate=".length) ??
  (mutateAt < 0 ? undefined : args[mutateAt + 1]);
const patterns = mutate?.split(",");
const mutated = (file: string) => patterns?.some((pattern) => path.matchesGlob(file, pattern)) ?? true;
const stryker = spawnSync("npx", ["stryker", "run", ...args], { stdio: "inherit" });
if (stryker.status !== 0) process.exit(stryker.status ?? 1);
const report = reportSchema.parse(JSON.parse(readFileSync(REPORT, "utf8")));
const files = Object.entries(report.files).filter(([file]) => mutated(file));
const rows = new Map(files.map(([file, { mutants }]) => [file, summaryRow(file, mutants, run)]));
writeFileSync(SUMMARY, mergeSummary(readFileSync(SUMMARY, "utf8"), rows));
console.log(`${SUMMARY}: ${rows.size} file(s) updated`);
