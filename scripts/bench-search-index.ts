import "./require-node.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { readSiteContent } from "../build/read-content.ts";
import { buildSearchIndex } from "../build/plugins/search-index.ts";
import { createSiteSearch } from "../src/components/search/search-engine.ts";
import { decodeSearchIndex } from "../src/lib/search.ts";
import { generate } from "./synthetic-content.ts";

/**
 * `npm run bench:search`: the size of the search index (raw and gzip) for the real content and for synthetic content
 * at scale (1,000 posts, 200 products, 500 projects by default, as `npm run bench:scaling`), how long the build takes
 * to make it, and how long MiniSearch takes here to index it and answer a query (a phone takes several times longer).
 * Synthetic posts are copies of the real ones, so their gzip figure flatters: expect about a third of raw for real
 * prose (the real content's ratio).
 *
 *   --posts N --products N --projects N   totals to reach (the real files count towards them)
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    posts: { type: "string", default: "1000" },
    products: { type: "string", default: "200" },
    projects: { type: "string", default: "500" },
  },
});

async function measure(label: string, contentDir: string): Promise<void> {
  const content = await readSiteContent(contentDir);
  const started = performance.now();
  const { file, documents } = buildSearchIndex(content);
  const ms = performance.now() - started;
  const t0 = performance.now();
  const search = createSiteSearch(decodeSearchIndex(JSON.parse(Buffer.from(file.contents).toString("utf8"))));
  const indexMs = performance.now() - t0;
  const t1 = performance.now();
  const hits = search.search("refund").reduce((n, group) => n + group.total, 0);
  const queryMs = performance.now() - t1;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `${label.padEnd(34)} ${String(content.posts.length).padStart(5)} posts ${String(documents).padStart(6)} passages  raw ${kb(file.contents.length).padStart(10)}  gzip ${kb(gzipSync(file.contents, { level: 9 }).length).padStart(9)}  built in ${Math.round(ms)} ms; indexed in ${Math.round(indexMs)} ms, "refund" (${hits} hits) in ${queryMs.toFixed(1)} ms`,
  );
}

await measure("real content", path.join(rootDir, "content"));
const dir = await mkdtemp(path.join(tmpdir(), "search-bench-"));
try {
  const counts = { posts: Number(args.posts), products: Number(args.products), projects: Number(args.projects) };
  await generate(path.join(rootDir, "content"), dir, counts);
  await measure(`synthetic (${counts.posts} posts, ${counts.products} products)`, dir);
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
