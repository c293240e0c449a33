import { Search, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type MouseEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { loadStylesheet } from "../client/load-stylesheet.ts";
import { SearchResults, moveThroughResults } from "../components/search/search-results.tsx";
import { useSiteSearch } from "../components/search/use-site-search.ts";
import { trapFocus } from "../lib/focus-trap.ts";
import { SEARCH_PAGE_PATH, SEARCH_QUERY_PARAM } from "../lib/search.ts";

/** Results per group in the dialog; the search page shows them all. */
const DIALOG_HITS_PER_GROUP = 5;

/**
 * The header's search control. Without script it is a GET form to /search; the island wakes only when it is used
 * (a click, or `/` and Ctrl+K / Cmd+K through src/client/search-shortcut.ts, which click it), then opens a modal
 * dialog that loads the index and searches as the visitor types. Escape or a click outside closes it and focus
 * returns to the control; Enter in the field opens the full results page. `stylesheet` is the search page sheet
 * (src/styles/pages/search.css), linked on first opening.
 */
export default function SiteSearch({ stylesheet }: { stylesheet: string }) {
  const opener = useRef<HTMLButtonElement>(null);
  const [mounted, setMounted] = useState(false);
  const open = (event: MouseEvent | FormEvent) => {
    event.preventDefault();
    // The dialog's styles are not in the shell sheet: they load with the first opening (keys typed meanwhile are held).
    void loadStylesheet(stylesheet).then(() => setMounted(true));
  };
  return (
    <>
      <form className="site-search" action={SEARCH_PAGE_PATH} method="get" onSubmit={open}>
        <button ref={opener} type="submit" className="site-search__open" aria-haspopup="dialog" aria-keyshortcuts="/ Control+K Meta+K" data-search-open="" onClick={open}>
          <Search aria-hidden="true" />
          <span className="site-search__label">Search</span>
          <span className="site-search__key" aria-hidden="true">
            /
          </span>
        </button>
      </form>
      {mounted && <SearchDialog opener={opener} />}
    </>
  );
}

/**
 * What the visitor typed between using the control and the dialog opening, kept on the control's
 * `data-search-typed` by the eager src/client/search-shortcut.ts (not imported here: it would become a shared chunk
 * of the eager loader); cleared, so it is read once and the shortcut script stops holding keys.
 */
function takeTypedBeforeOpen(control: HTMLElement): string {
  const typed = control.dataset.searchTyped ?? "";
  delete control.dataset.searchTyped;
  return typed;
}

interface SearchDialogProps {
  /** The header control: focus returns to it, and its later clicks open the dialog again. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** Mounted on first use and kept afterwards, so a second opening shows the last query. */
function SearchDialog({ opener }: SearchDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const search = useSiteSearch(query, DIALOG_HITS_PER_GROUP);

  useEffect(() => {
    const element = dialog.current;
    const button = opener.current;
    if (!element || !button) return;
    const show = () => {
      if (!element.open) element.showModal();
      const input = field.current;
      if (!input) return;
      // Letters typed while the island was loading are kept by the eager shortcut script: start with them.
      const typed = takeTypedBeforeOpen(button);
      if (typed) {
        input.value = typed;
        setQuery(typed);
        input.setSelectionRange(typed.length, typed.length);
      } else input.select();
    };
    // Later clicks on the control open the dialog again; the island's own handler only mounts it once.
    const onClick = (event: Event) => {
      event.preventDefault();
      show();
    };
    show();
    button.addEventListener("click", onClick);
    return () => button.removeEventListener("click", onClick);
  }, [opener]);

  const close = () => dialog.current?.close();
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    trapFocus(event.currentTarget, event.nativeEvent);
    moveThroughResults(event, field.current, results.current);
  };
  // The dialog has no padding of its own: a click on the element itself is a click on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => event.target === event.currentTarget && close();
  const all = `${SEARCH_PAGE_PATH}?${new URLSearchParams({ [SEARCH_QUERY_PARAM]: query.trim() })}`;

  return (
    <dialog ref={dialog} className="dialog search-dialog" aria-labelledby={`${id}title`} onKeyDown={onKeyDown} onClick={onClick} onClose={() => opener.current?.focus()}>
      <h2 id={`${id}title`} className="visually-hidden">
        Search the site
      </h2>
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
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <button type="button" className="dialog__close" onClick={close}>
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
    </dialog>
  );
}
