import { useEffect, useId, useRef, useState } from "react";
import { ALL_CATEGORIES, filterFromQuery, matchesPost, type PostFilter, withFilterQuery } from "../lib/blog.ts";

/**
 * Search box and category buttons of /blog. The article cards stay server-rendered in the list `listId`; each
 * carries `data-category`, and its title and excerpt are marked `data-search-field="title"` / `"excerpt"`. Search and category live in
 * the URL (?search=…&category=…).
 */
export interface BlogFilterProps {
  categories: string[];
  listId: string;
  total: number;
}

export const NO_ARTICLES = "No articles found matching your criteria.";

export default function BlogFilter({ categories, listId, total }: BlogFilterProps) {
  const id = useId();
  const [filter, setFilter] = useState<PostFilter>({ search: "", category: ALL_CATEGORIES });
  const [shown, setShown] = useState(total);
  const input = useRef<HTMLInputElement>(null);

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
    const items = document.getElementById(listId)?.querySelectorAll<HTMLElement>("[data-category]") ?? [];
    let count = 0;
    for (const item of items) {
      const text = (field: string) => item.querySelector(`[data-search-field="${field}"]`)?.textContent ?? "";
      const [title, excerpt] = [text("title"), text("excerpt")];
      const match = matchesPost({ title, excerpt, category: item.dataset.category ?? "" }, filter);
      item.hidden = !match;
      if (match) count += 1;
    }
    setShown(count);
  }, [filter, listId]);

  const change = (next: Partial<PostFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    history.replaceState(history.state, "", withFilterQuery(location.href, next));
  };

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
      <p className={shown === 0 ? "list-filter__empty" : "visually-hidden"} role="status">
        {shown === 0 ? NO_ARTICLES : `${shown} ${shown === 1 ? "article" : "articles"}`}
      </p>
    </div>
  );
}
