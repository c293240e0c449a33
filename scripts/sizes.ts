import path from "node:path";
import { parseArgs } from "node:util";
import { readdir, readFile } from "node:fs/promises";
import { formatWeights, weighPages } from "../tests/quality/page-weight.ts";

/**
 * `npm run sizes [-- --dir DIR]`: the size report of a built site (dist/ by default; run `npm run build` first): each
 * page's weight in gzip bytes (HTML, CSS, scripts on load, when idle and in all, media), by the one definition the
 * byte budgets of npm test check (tests/quality/page-weight.ts).
 */
const { values } = parseArgs({ options: { dir: { type: "string", default: "dist" } } });
const dir = path.resolve(values.dir);
const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".html"));
const pages = await Promise.all(
  files.map(async (file) => {
    const route = `/${file.split(path.sep).join("/")}`.replace(/(^|\/)index\.html$/, "") || "/";
    return { path: route, html: await readFile(path.join(dir, file), "utf8") };
  }),
);
pages.sort((a, b) => a.path.localeCompare(b.path));
console.log(formatWeights(await weighPages(dir, pages)));
