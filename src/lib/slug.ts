/**
 * The one rule that turns text into an anchor id or a file name: markdown headings, FAQ answers and categories, the
 * search index's links (so they land on ids the page has), and the names /admin makes from titles.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Slugs of `texts` in order, a repeated one numbered (-2, -3 …) as repeated headings are; an empty one is `fallback`. */
export function uniqueSlugs(texts: readonly string[], fallback = "section"): string[] {
  const used = new Set<string>();
  return texts.map((text) => {
    const base = slugify(text) || fallback;
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}
