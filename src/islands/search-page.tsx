import { Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { SearchResults, moveThroughResults } from "../components/search/search-results.tsx";
import { useSiteSearch } from "../components/search/use-site-search.ts";
import { SEARCH_PAGE_PATH, SEARCH_QUERY_PARAM } from "../lib/search.ts";

/**
 * The /search page's form (a plain GET form without script) and results. It wakes at once when the URL carries a
 * query, else when the visitor reaches for the form; the URL then follows the query, a link to these results.
 */
export default function SearchPage() {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const search = useSiteSearch(query);

  useEffect(() => {
    const input = field.current;
    if (!input) return;
    const fromUrl = new URLSearchParams(location.search).get(SEARCH_QUERY_PARAM) ?? "";
    if (!input.value) input.value = fromUrl;
    setQuery(input.value);
  }, []);

  const show = (value: string) => {
    setQuery(value);
    const url = value.trim()
      ? `${SEARCH_PAGE_PATH}?${new URLSearchParams({ [SEARCH_QUERY_PARAM]: value.trim() })}`
      : SEARCH_PAGE_PATH;
    history.replaceState(history.state, "", url);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    show(field.current?.value ?? "");
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the field and the result links inside.
    <div className="search-page" onKeyDown={(event) => moveThroughResults(event, field.current, results.current)}>
      <search>
        <form className="search-page__form" action={SEARCH_PAGE_PATH} method="get" onSubmit={onSubmit}>
          <label htmlFor={`${id}q`}>Search products, FAQ answers, policies and articles</label>
          <div className="search-page__row">
            <input
              ref={field}
              id={`${id}q`}
              className="input search-page__field"
              type="search"
              name={SEARCH_QUERY_PARAM}
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby={`${id}status`}
              onInput={(event) => show(event.currentTarget.value)}
            />
            <button type="submit" className="button button--primary">
              <Search aria-hidden="true" />
              Search
            </button>
          </div>
        </form>
      </search>
      <p className="search-page__status" id={`${id}status`} role="status">
        {query.trim() ? search.status : "Type a word, a product or a question."}
      </p>
      <div ref={results}>
        <SearchResults groups={search.groups} headingLevel={2} idPrefix={`${id}group-`} />
      </div>
    </div>
  );
}
