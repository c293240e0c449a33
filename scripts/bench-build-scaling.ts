import "./require-node.ts";
import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parseDocument } from "yaml";
import { SCALING_BUILD_LIMIT_MS } from "../tests/quality/budgets.ts";

/**
 * `npm run bench:scaling`: does the build stay linear as content grows? Generates synthetic content from the real
 * files as templates (1,000 posts, 200 products, 500 portfolio projects by default) in a temporary folder, builds
 * it with build/cli.ts at a quarter and at full size, next to the real content, and prints total time, time per
 * page and the time of each stage. Exits with 1 when the full build takes longer than 60 s.
 *
 *   --posts N --products N --projects N   totals to reach (the real files count towards them)
 *   --keep                                keep the generated content and output (their folder is printed)
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contentDir = path.join(rootDir, "content");
const { values: args } = parseArgs({
  options: {
    posts: { type: "string", default: "1000" },
    products: { type: "string", default: "200" },
    projects: { type: "string", default: "500" },
    keep: { type: "boolean", default: false },
  },
});
const target = { posts: Number(args.posts), products: Number(args.products), projects: Number(args.projects) };
for (const [name, n] of Object.entries(target)) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${n}`);
}

type Counts = typeof target;

/** A YAML document with some top-level fields replaced; comments and layout kept. */
function withFields(yamlText: string, fields: Record<string, string | number | boolean>): string {
  const doc = parseDocument(yamlText);
  for (const [key, value] of Object.entries(fields)) doc.set(key, value);
  return String(doc);
}

/** A markdown file's front matter with some fields replaced; the body unchanged. */
function withFrontMatter(markdown: string, fields: Record<string, string | number | boolean>): string {
  const match = markdown.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) throw new Error("Expected front matter between --- lines");
  return `---\n${withFields(match[1] ?? "", fields)}---\n${match[2] ?? ""}`;
}

const readText = (file: string) => readFile(file, "utf8");
const yamlOf = async (file: string) => parseDocument(await readText(file)).toJS() as Record<string, unknown>;
const names = async (dir: string, ext: string) => (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(ext)).sort();

/** Days before an ISO date, as yyyy-mm-dd. */
function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * Copies content/ to `dir` and adds synthetic products, posts and projects until the totals are reached. Each copy
 * takes a real file as its template and gets its own id (and slug, date; products also a name and order);
 * per-product files elsewhere in the content folder (such as docs/<id>.md) are copied under the new id.
 */
async function generate(dir: string, counts: Counts): Promise<void> {
  await cp(contentDir, dir, { recursive: true });

  const productFiles = await names(path.join(contentDir, "products"), ".yaml");
  const products = await Promise.all(productFiles.map(async (f) => ({ file: f, text: await readText(path.join(contentDir, "products", f)), data: await yamlOf(path.join(contentDir, "products", f)) })));
  const maxOrder = Math.max(...products.map((p) => Number(p.data.order ?? 0)));
  const perProductFolders = (await readdir(contentDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !["products", "blog", "portfolio", "pages", "images"].includes(e.name) && !e.name.startsWith("."))
    .map((e) => e.name);
  for (let i = 1; i <= counts.products - products.length; i += 1) {
    const template = products[i % products.length];
    if (!template) break;
    const id = `${String(template.data.id)}-${i}`;
    const text = withFields(template.text, {
      id,
      order: maxOrder + i,
      name: `${String(template.data.name)} ${i}`,
    });
    await writeFile(path.join(dir, "products", `${id}.yaml`), text);
    for (const folder of perProductFolders) {
      for (const file of await names(path.join(contentDir, folder), "")) {
        const ext = path.extname(file);
        if (path.basename(file, ext) === template.data.id) await cp(path.join(contentDir, folder, file), path.join(dir, folder, `${id}${ext}`));
      }
    }
  }

  const postFiles = await names(path.join(contentDir, "blog"), ".md");
  for (let i = 1; i <= counts.posts - postFiles.length; i += 1) {
    const file = postFiles[i % postFiles.length];
    if (!file) break;
    const markdown = await readText(path.join(contentDir, "blog", file));
    const front = parseDocument(markdown.match(/^---\r?\n([\s\S]*?)\r?\n---/)?.[1] ?? "").toJS() as Record<string, unknown>;
    const slug = `${String(front.slug)}-${i}`;
    // The title stays as it is: it already passes the editors' length rules.
    const text = withFrontMatter(markdown, { id: slug, slug, date: daysBefore(String(front.date), i), featured: false });
    await writeFile(path.join(dir, "blog", `${slug}.md`), text);
  }

  const projectFiles = await names(path.join(contentDir, "portfolio"), ".yaml");
  for (let i = 1; i <= counts.projects - projectFiles.length; i += 1) {
    const file = projectFiles[i % projectFiles.length];
    if (!file) break;
    const text = await readText(path.join(contentDir, "portfolio", file));
    const data = parseDocument(text).toJS() as Record<string, unknown>;
    const id = `${String(data.id)}-${i}`;
    await writeFile(path.join(dir, "portfolio", `${id}.yaml`), withFields(text, { id }));
  }
}

interface BuildTiming {
  label: string;
  counts: Counts;
  pages: number;
  /** As measured by the build itself, and wall time of the whole process (Node start and module loading included). */
  buildMs: number;
  wallMs: number;
  stages: string[];
  /** Bytes written to the output folder, and of those the HTML of one ordinary page (/about). */
  outputBytes: number;
  aboutBytes: number;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const file of await readdir(dir, { recursive: true })) {
    const info = await stat(path.join(dir, file));
    if (info.isFile()) total += info.size;
  }
  return total;
}

function timeBuild(label: string, counts: Counts, content: string, out: string): Promise<BuildTiming> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "build/cli.ts", "--content", content, "--out", out], { cwd: rootDir, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`The ${label} build failed:\n${output.slice(-4000)}`));
      const summary = output.match(/\[build\] (\d+) pages in (\d+) ms/);
      const stages = output.split("\n").filter((line) => /^\[(?!build\])[a-z-]+\] /.test(line));
      Promise.all([folderBytes(out), stat(path.join(out, "about/index.html")).then((i) => i.size, () => 0)]).then(
        ([outputBytes, aboutBytes]) => resolve({ label, counts, pages: Number(summary?.[1] ?? 0), buildMs: Number(summary?.[2] ?? 0), wallMs, stages, outputBytes, aboutBytes }),
        reject,
      );
    });
  });
}

const realCounts: Counts = {
  posts: (await names(path.join(contentDir, "blog"), ".md")).length,
  products: (await names(path.join(contentDir, "products"), ".yaml")).length,
  projects: (await names(path.join(contentDir, "portfolio"), ".yaml")).length,
};
const quarter: Counts = {
  posts: Math.max(realCounts.posts, Math.round(target.posts / 4)),
  products: Math.max(realCounts.products, Math.round(target.products / 4)),
  projects: Math.max(realCounts.projects, Math.round(target.projects / 4)),
};

const work = await mkdtemp(path.join(tmpdir(), "bench-scaling-"));
const timings: BuildTiming[] = [];
let failed = false;
try {
  console.log(`Load average ${loadavg().map((n) => n.toFixed(1)).join(", ")}. Working in ${work}`);
  for (const [label, counts] of [
    ["real content", realCounts],
    ["quarter size", quarter],
    ["full size", target],
  ] as const) {
    const content = label === "real content" ? contentDir : path.join(work, `content-${label.replace(/ /g, "-")}`);
    if (content !== contentDir) {
      const t0 = performance.now();
      await generate(content, counts);
      console.log(`Generated ${label}: ${counts.posts} posts, ${counts.products} products, ${counts.projects} projects in ${Math.round(performance.now() - t0)} ms`);
    }
    const out = path.join(work, `dist-${label.replace(/ /g, "-")}`);
    await mkdir(out, { recursive: true });
    const timing = await timeBuild(label, counts, content, out);
    timings.push(timing);
    console.log(`Built ${label}: ${timing.pages} pages in ${(timing.wallMs / 1000).toFixed(1)} s\n  ${timing.stages.join("\n  ")}`);
  }
} finally {
  if (args.keep) console.log(`Kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}

const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
const header = ["build", "posts", "products", "projects", "pages", "build ms", "wall ms", "ms per page (build)", "ms per page (wall)", "output MB", "/about KB"];
console.log(`\n${row(header)}`);
console.log(row(header.map(() => "---")));
for (const t of timings) {
  console.log(
    row([
      t.label,
      String(t.counts.posts),
      String(t.counts.products),
      String(t.counts.projects),
      String(t.pages),
      String(t.buildMs),
      String(Math.round(t.wallMs)),
      (t.buildMs / t.pages).toFixed(2),
      (t.wallMs / t.pages).toFixed(2),
      (t.outputBytes / 1e6).toFixed(1),
      (t.aboutBytes / 1e3).toFixed(0),
    ]),
  );
}
const [, small, full] = timings;
if (small && full) {
  const ratio = full.buildMs / full.pages / (small.buildMs / small.pages);
  console.log(
    `\nPer-page build time at full size is ${ratio.toFixed(2)}× that at quarter size (1.00 = perfectly linear in pages; ` +
      "every page also lists every product in its menus, so each page grows with the catalogue: see /about KB).",
  );
  if (full.wallMs > SCALING_BUILD_LIMIT_MS) {
    failed = true;
    console.log(`FAIL: the full-size build took ${(full.wallMs / 1000).toFixed(1)} s, over the limit of ${SCALING_BUILD_LIMIT_MS / 1000} s.`);
  } else {
    console.log(`OK: the full-size build took ${(full.wallMs / 1000).toFixed(1)} s, under the limit of ${SCALING_BUILD_LIMIT_MS / 1000} s.`);
  }
}
process.exit(failed ? 1 : 0);
