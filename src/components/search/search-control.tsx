import { Search } from "../icon.tsx";
import SiteSearch from "../../islands/site-search.tsx";
import { Island } from "../../lib/island-wrapper.tsx";

/** id of the search dialog: the header's control and the `/` shortcut (src/client/search-shortcut.ts) open it. */
const SEARCH_DIALOG_ID = "site-search";

/**
 * The header's search control, opening its server-rendered dialog natively with the field focused, so the visitor
 * types at once; the site-search island inside wakes on that focus and searches what is in the field.
 */
export function SearchControl() {
  return (
    <>
      <button
        type="button"
        className="site-search__open"
        command="show-modal"
        commandfor={SEARCH_DIALOG_ID}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        data-search-open=""
      >
        <Search aria-hidden="true" />
        <span className="site-search__label">Search</span>
        <span className="site-search__key" aria-hidden="true">
          /
        </span>
      </button>
      <dialog className="dialog search-dialog" id={SEARCH_DIALOG_ID} aria-label="Search the site">
        <Island of={SiteSearch} props={{ dialogId: SEARCH_DIALOG_ID }} hydrate="interaction" prefetch />
      </dialog>
    </>
  );
}
