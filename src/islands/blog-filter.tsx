import { useEffect, useId, useRef, useState } from "react";
import { PostCard } from "../components/blog/post-card.tsx";
import { ALL_CATEGORIES, type BlogIndexEntry, filterFromQuery, matchesPost, type PostFilter, withFilterQuery } from "../lib/blog.ts";

/**
 * Search box and category buttons of /blog. The article cards stay server-rendered in the list `listId`; each
 * carries `data-category`, and its title and excerpt are marked `data-search-field="title"` / `"excerpt"`. Search and category live in
 * the URL (?search=…&category=…).
 *
 * A blog of several pages passes `index` (the compact list of every article) and `pagerId`: while a search or a
 * category is chosen, the filter fetches that list once and shows the matches among all articles in place of this
 * page's cards and its page links. If the list cannot be fetched, it filters this page's cards as a one-page blog does.
 */
export interface BlogFilterProps {
  categories: string[];
  listId: string;
  /** Articles on this page. */
  total: number;
  index?: string;
  pagerId?: string;
  /** Articles on all pages. */
  allPosts?: number;
}

export const NO_ARTICLES = "No articles found matching your criteria.";

type IndexState = { status: "idle" | "loading" | "failed" } | { status: "ready"; posts: BlogIndexEntry[] };

export default function BlogFilter({ categories, listId, total, index, pagerId }: BlogFilterProps) {
  const id = useId();
  const [filter, setFilter] = useState<PostFilter>({ search: "", category: ALL_CATEGORIES });
  const [shown, setShown] = useState(total);
  const [all, setAll] = useState<IndexState>({ status: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const filtering = filter.search.trim() !== "" || (filter.category !== ALL_CATEGORIES && filter.category !== "");
  const acrossPages = index !== undefined && filtering && all.status !== "failed";

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount; `change` only sets state and the URL.
  useEffect(() => {
    const read = () => setFilter(filterFromQuery(location.search, categories));
    read();
    // The island wakes when the visitor reaches for it; keep anything typed while it was loading.
    const typed = input.current?.value ?? "";
    if (typed) change({ search: typed });
    addEventListener("popstate", read);
    return () => removeEventListener("popstate", read);
  }, [categories]);

  useEffect(() => {
    if (!index || !filtering || all.status !== "idle") return;
    setAll({ status: "loading" });
    fetch(index)
      .then((response) => (response.ok ? (response.json() as Promise<BlogIndexEntry[]>) : Promise.reject(new Error(`${index}: HTTP ${response.status}`))))
      .then(
        (posts) => setAll({ status: "ready", posts }),
        (error: unknown) => {
          console.error("[island blog-filter]", error);
          setAll({ status: "failed" });
        },
      );
  }, [index, filtering, all.status]);

  const matches = acrossPages && all.status === "ready" ? all.posts.filter((post) => matchesPost(post, filter)) : undefined;

  useEffect(() => {
    const list = document.getElementById(listId);
    const pager = pagerId ? document.getElementById(pagerId) : null;
    if (list) list.hidden = acrossPages;
    if (pager) pager.hidden = acrossPages;
    if (acrossPages) return;
    const items = list?.querySelectorAll<HTMLElement>("[data-category]") ?? [];
    let count = 0;
    for (const item of items) {
      const text = (field: string) => item.querySelector(`[data-search-field="${field}"]`)?.textContent ?? "";
      const [title, excerpt] = [text("title"), text("excerpt")];
      const match = matchesPost({ title, excerpt, category: item.dataset.category ?? "" }, filter);
      item.hidden = !match;
      if (match) count += 1;
    }
    setShown(count);
  }, [filter, listId, pagerId, acrossPages]);

  const change = (next: Partial<PostFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    history.replaceState(history.state, "", withFilterQuery(location.href, next));
  };

  const count = matches ? matches.length : acrossPages ? undefined : shown;
  return (
    <div className="list-filter">
      <search className="search-box">
        <label className="visually-hidden" htmlFor={`${id}search`}>
          Search articles
        </label>
        <input
          id={`${id}search`}
          ref={input}
          type="search"
          name="search"
          placeholder="Search articles..."
          autoComplete="off"
          value={filter.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
        />
      </search>
      <fieldset className="filter-buttons">
        <legend className="visually-hidden">Filter articles by category</legend>
        {[ALL_CATEGORIES, ...categories].map((c) => (
          <button
            key={c}
            type="button"
            className="filter-button"
            aria-pressed={c === filter.category}
            onClick={() => change({ category: c })}
          >
            {c}
          </button>
        ))}
      </fieldset>
      <p className={count === 0 ? "list-filter__empty" : "visually-hidden"} role="status">
        {count === undefined ? "Searching all articles…" : count === 0 ? NO_ARTICLES : `${count} ${count === 1 ? "article" : "articles"}`}
      </p>
      {matches && matches.length > 0 && (
        <ul className="card-grid" aria-label="Matching articles">
          {matches.map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </ul>
      )}
    </div>
  );
}
