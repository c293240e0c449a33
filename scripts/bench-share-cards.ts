import "./require-node.ts";
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildShareCards, type ShareCardsInput } from "../build/plugins/share-cards/share-cards.ts";
import { readSiteContent } from "../build/read-content.ts";
import { pageData } from "../build/render.tsx";
import { collectRoutes } from "../build/routes.ts";
import { PRODUCTION, withEnvironment } from "../src/lib/site-environment.ts";

/**
 * `npm run bench:share-cards`: draws every share card of a site cold (no disk cache, no memory), first all together as the
 * build does, then each kind on its own, and prints wall and CPU time per card by kind:
 *   page      title and description on the brand card (no picture)
 *   artwork   the same beside the page's own picture (products, projects)
 *   cover     an article's cover filling the card
 * Each kind's runs include making its renderer (fonts, logo), as the first card of a build does.
 *
 *   --content DIR   the content folder (default content/)
 *   --runs N        runs per kind; the median is printed (default 3)
 *   --out DIR       also writes the cards there, for looking at them
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    content: { type: "string", default: path.join(rootDir, "content") },
    runs: { type: "string", default: "3" },
    out: { type: "string" },
  },
});
const contentDir = path.resolve(args.content);
const runs = Math.max(1, Number(args.runs));

const content = withEnvironment(await readSiteContent(contentDir), PRODUCTION);
const routes = await collectRoutes(path.join(rootDir, "src/pages"), content);
const pages: ShareCardsInput["pages"] = routes.map((route) => ({ route, head: pageData(route, content).head }));
const input = (some: ShareCardsInput["pages"]): ShareCardsInput => ({
  pages: some,
  site: content.site,
  contentDir,
  logoFile: path.join(rootDir, "public/favicon.svg"),
  tokensFile: path.join(rootDir, "src/styles/tokens.css"),
});

type Kind = "page" | "artwork" | "cover";
const kindOf = ({ head }: ShareCardsInput["pages"][number]): Kind | undefined =>
  head.shareCardOf ? undefined : head.article && head.image ? "cover" : head.image ? "artwork" : "page";

/** Wall and CPU milliseconds of one cold drawing of these pages (this thread does all the work). */
async function measure(
  some: ShareCardsInput["pages"],
): Promise<{ wall: number; cpu: number; cards: number; bytes: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await buildShareCards(input(some));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000, cards: result.rendered, bytes: result.bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

console.log(
  `Load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} at the start.`,
);
// The first drawing is the build's own case: a fresh process, the renderer's WebAssembly not yet compiled.
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const first = await buildShareCards(input(pages));
const firstCpu = process.cpuUsage(cpu0);
console.log(
  `First drawing in this process (as in a build): ${first.rendered} cards in ${Math.round(performance.now() - t0)} ms, ${Math.round((firstCpu.user + firstCpu.system) / 1000)} ms CPU`,
);
const totals = [];
for (let i = 0; i < runs; i += 1) totals.push(await measure(pages));

console.log(`\n${row(["kind", "cards", "ms per card (wall)", "CPU ms per card", "KB per card"])}`);
console.log(row(["---", "---", "---", "---", "---"]));
for (const kind of ["page", "artwork", "cover"] as const) {
  const some = pages.filter((page) => kindOf(page) === kind);
  if (some.length === 0) continue;
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await measure(some));
  const [{ cards, bytes } = { cards: 0, bytes: 0 }] = results;
  const per = (n: number) => (n / Math.max(1, cards)).toFixed(1);
  console.log(
    row([
      kind,
      cards,
      per(median(results.map((r) => r.wall))),
      per(median(results.map((r) => r.cpu))),
      (bytes / 1024 / Math.max(1, cards)).toFixed(0),
    ]),
  );
}
const total = { wall: median(totals.map((t) => t.wall)), cpu: median(totals.map((t) => t.cpu)) };
console.log(
  row([
    "all",
    first.rendered,
    `${(total.wall / first.rendered).toFixed(1)} (${Math.round(total.wall)} ms in all)`,
    `${(total.cpu / first.rendered).toFixed(1)} (${Math.round(total.cpu)} ms in all)`,
    (first.bytes / 1024 / first.rendered).toFixed(0),
  ]),
);
if (args.out) {
  for (const file of first.files) {
    const to = path.join(path.resolve(args.out), file.path);
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, file.contents);
  }
  console.log(`\nWrote ${first.files.length} cards to ${args.out}`);
}
console.log(
  `\nLoad average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} at the end.`,
);
