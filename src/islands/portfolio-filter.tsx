import { useEffect, useState } from "react";
import { ALL_CATEGORIES, filterFromQuery, withFilterQuery } from "../lib/blog.ts";

/**
 * Category buttons of /portfolio. The project cards stay server-rendered in the list `listId`, each carrying
 * `data-category`; this island shows or hides them. The chosen category lives in the URL (?category=…).
 */
export interface PortfolioFilterProps {
  categories: string[];
  listId: string;
  total: number;
}

export const NO_PROJECTS = "No projects found in this category.";

export default function PortfolioFilter({ categories, listId, total }: PortfolioFilterProps) {
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [shown, setShown] = useState(total);

  useEffect(() => {
    const read = () => setCategory(filterFromQuery(location.search, categories).category);
    read();
    addEventListener("popstate", read);
    return () => removeEventListener("popstate", read);
  }, [categories]);

  useEffect(() => {
    const items = document.getElementById(listId)?.querySelectorAll<HTMLElement>("[data-category]") ?? [];
    let count = 0;
    for (const item of items) {
      const match = category === ALL_CATEGORIES || item.dataset.category === category;
      item.hidden = !match;
      if (match) count += 1;
    }
    setShown(count);
  }, [category, listId]);

  const choose = (next: string) => {
    setCategory(next);
    history.replaceState(history.state, "", withFilterQuery(location.href, { category: next }));
  };

  return (
    <div className="list-filter">
      <fieldset className="filter-buttons">
        <legend className="visually-hidden">Filter projects by category</legend>
        {[ALL_CATEGORIES, ...categories].map((c) => (
          <button key={c} type="button" className="filter-button" aria-pressed={c === category} onClick={() => choose(c)}>
            {c}
          </button>
        ))}
      </fieldset>
      <p className={shown === 0 ? "list-filter__empty" : "visually-hidden"} role="status">
        {shown === 0 ? NO_PROJECTS : `${shown} ${shown === 1 ? "project" : "projects"}`}
      </p>
    </div>
  );
}
