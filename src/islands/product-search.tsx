import { type FormEvent, useEffect, useId, useRef, useState } from "react";

/**
 * The search box of /products. The cards stay server-rendered in the grid `gridId`; each carries `data-search`
 * (its name, short description and category). The term lives in the URL (?search=…), so a shared link and the
 * site's SearchAction open the page already filtered.
 */
export interface ProductSearchProps {
  gridId: string;
  total: number;
}

export const NO_PRODUCTS = "No products found matching your search.";
const PARAM = "search";

/** Case-insensitive substring match of the term against a card's searchable text; an empty term matches all. */
export function matchesSearch(haystack: string, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return needle === "" || haystack.toLowerCase().includes(needle);
}

export default function ProductSearch({ gridId, total }: ProductSearchProps) {
  const id = useId();
  const [term, setTerm] = useState("");
  const [shown, setShown] = useState(total);
  const input = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount; `change` only sets state and the URL.
  useEffect(() => {
    const read = () => setTerm(new URLSearchParams(location.search).get(PARAM) ?? "");
    read();
    // The island wakes when the visitor focuses the box; keep anything typed while it was loading.
    const typed = input.current?.value ?? "";
    if (typed) change(typed);
    addEventListener("popstate", read);
    return () => removeEventListener("popstate", read);
  }, []);

  useEffect(() => {
    const cards = document.getElementById(gridId)?.querySelectorAll<HTMLElement>("[data-search]") ?? [];
    let count = 0;
    for (const card of cards) {
      const match = matchesSearch(card.dataset.search ?? "", term);
      card.hidden = !match;
      if (match) count += 1;
    }
    setShown(count);
  }, [term, gridId]);

  const change = (next: string) => {
    setTerm(next);
    const url = new URL(location.href);
    if (next) url.searchParams.set(PARAM, next);
    else url.searchParams.delete(PARAM);
    history.replaceState(history.state, "", url);
  };

  return (
    <div className="product-search">
      <search className="search-box">
        <form action="/products" onSubmit={(event: FormEvent) => event.preventDefault()}>
          <label className="visually-hidden" htmlFor={`${id}search`}>
            Search products
          </label>
          <svg className="search-box__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={`${id}search`}
            ref={input}
            type="search"
            name={PARAM}
            placeholder="Search by name, category or description..."
            autoComplete="off"
            value={term}
            onChange={(event) => change(event.currentTarget.value)}
          />
          {/* Enter in the box submits; without JavaScript that reloads /products?search=…, which the island then applies. */}
          <button type="submit" className="visually-hidden" tabIndex={-1}>
            Search
          </button>
        </form>
      </search>
      <p className={shown === 0 ? "product-search__empty" : "visually-hidden"} role="status">
        {shown === 0 ? NO_PRODUCTS : `${shown} of ${total} products`}
      </p>
    </div>
  );
}
