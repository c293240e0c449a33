import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import { MAX_SEO_TITLE_LENGTH } from "../src/lib/limits.ts";

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
const names = async (dir: string, ext: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(ext)).sort();

/** Days before an ISO date, as yyyy-mm-dd. */
function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * Copies content/ to `dir` and adds synthetic posts until there are `posts`. Each copy takes a real post as its
 * template and gets its own slug, title and date.
 */
export async function generate(contentDir: string, dir: string, posts: number): Promise<void> {
  await cp(contentDir, dir, { recursive: true });
  const postFiles = await names(path.join(contentDir, "blog"), ".md");
  for (let i = 1; i <= posts - postFiles.length; i += 1) {
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
}
