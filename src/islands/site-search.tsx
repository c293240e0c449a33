import { Search, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { SearchResults, moveThroughResults } from "../components/search/search-results.tsx";
import { useSiteSearch } from "../components/search/use-site-search.ts";
import { SEARCH_PAGE_PATH, SEARCH_QUERY_PARAM } from "../lib/search.ts";

/** Results per group in the dialog; the search page shows them all. */
const DIALOG_HITS_PER_GROUP = 5;

/**
 * What the header's search dialog holds: server-rendered as a GET form to /search, so it takes typing before this
 * wakes; awake, it searches as the visitor types, starting with what is in the field. Enter opens the results page.
 */
export default function SiteSearch({ dialogId }: { dialogId: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const search = useSiteSearch(query, DIALOG_HITS_PER_GROUP);

  // Typed while this was waking: the field already shows it, so search it.
  useEffect(() => setQuery(field.current?.value ?? ""), []);

  const close = () => (document.getElementById(dialogId) as HTMLDialogElement | null)?.close();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => moveThroughResults(event, field.current, results.current);
  const all = `${SEARCH_PAGE_PATH}?${new URLSearchParams({ [SEARCH_QUERY_PARAM]: query.trim() })}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the field and the results.
    <div className="search-dialog__inner" onKeyDown={onKeyDown}>
      <search>
        <form className="search-dialog__form" action={SEARCH_PAGE_PATH} method="get">
          <Search className="search-dialog__icon" aria-hidden="true" />
          <input
            ref={field}
            className="search-dialog__field"
            type="search"
            name={SEARCH_QUERY_PARAM}
            aria-label="Search products, FAQ, policies and articles"
            aria-describedby={`${id}status`}
            placeholder="Search products, FAQ, policies, articles"
            autoComplete="off"
            enterKeyHint="search"
            // biome-ignore lint/a11y/noAutofocus: the dialog exists to type into; showModal() focuses this field.
            autoFocus
            onInput={(event) => setQuery(event.currentTarget.value)}
          />
          {/* Enter in the field submits; this names that action for assistive technology. */}
          <button type="submit" className="visually-hidden" tabIndex={-1}>
            Show all results
          </button>
          <button type="button" className="dialog__close" command="close" commandfor={dialogId}>
            <X aria-hidden="true" />
            <span className="visually-hidden">Close search</span>
          </button>
        </form>
      </search>
      <div className="search-dialog__body" ref={results}>
        <p className="search-dialog__status" id={`${id}status`} role="status">
          {search.status}
        </p>
        <SearchResults groups={search.groups} headingLevel={3} idPrefix={`${id}group-`} onChoose={close} />
        {search.groups.some((group) => group.total > group.hits.length) && (
          <p className="search-dialog__all">
            <a href={all}>See all {search.total} results</a>
          </p>
        )}
      </div>
    </div>
  );
}
