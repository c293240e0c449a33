import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import { MAX_SEO_TITLE_LENGTH } from "../src/lib/limits.ts";

/** How many of each to reach; the real files count towards them. */
export interface Counts {
  posts: number;
  products: number;
  projects: number;
}

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
export const names = async (dir: string, ext: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(ext)).sort();

/** Days before an ISO date, as yyyy-mm-dd. */
function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * Copies content/ to `dir` and adds synthetic products, posts and projects until the totals are reached. Each copy
 * takes a real file as its template and gets its own id (and slug, date; products also a name and order);
 * per-product files elsewhere in the content folder (such as documentation/<id>.md) are copied under the new id.
 */
export async function generate(contentDir: string, dir: string, counts: Counts): Promise<void> {
  await cp(contentDir, dir, { recursive: true });

  const productFiles = await names(path.join(contentDir, "products"), ".yaml");
  const products = await Promise.all(
    productFiles.map(async (f) => ({
      file: f,
      text: await readText(path.join(contentDir, "products", f)),
      data: await yamlOf(path.join(contentDir, "products", f)),
    })),
  );
  const maxOrder = Math.max(...products.map((p) => Number(p.data.order ?? 0)));
  const perProductFolders = (await readdir(contentDir, { withFileTypes: true }))
    .filter(
      (e) =>
        e.isDirectory() &&
        !["products", "blog", "portfolio", "pages", "images"].includes(e.name) &&
        !e.name.startsWith("."),
    )
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
        if (path.basename(file, ext) === template.data.id)
          await cp(path.join(contentDir, folder, file), path.join(dir, folder, `${id}${ext}`));
      }
    }
  }

  const postFiles = await names(path.join(contentDir, "blog"), ".md");
  for (let i = 1; i <= counts.posts - postFiles.length; i += 1) {
    const file = postFiles[i % postFiles.length];
    if (!file) break;
    const markdown = await readText(path.join(contentDir, "blog", file));
    const front = parseDocument(markdown.match(/^---\r?\n([\s\S]*?)\r?\n---/)?.[1] ?? "").toJS() as Record<
      string,
      unknown
    >;
    const slug = `${String(front.slug)}-${i}`;
    // Every article gets its own title, as on a real blog: anything keyed by the title (search, share cards) sees
    // a thousand different ones. A title the numbering makes too long for search results gets a short seoTitle.
    const title = `${String(front.title)} (${i})`;
    const seoTitle = front.seoTitle
      ? `${String(front.seoTitle)} (${i})`
      : title.length > MAX_SEO_TITLE_LENGTH
        ? `${title.slice(0, MAX_SEO_TITLE_LENGTH - 12)}… (${i})`
        : undefined;
    const text = withFrontMatter(markdown, {
      id: slug,
      slug,
      title,
      ...(seoTitle ? { seoTitle } : {}),
      date: daysBefore(String(front.date), i),
      featured: false,
    });
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
