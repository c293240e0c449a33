import type { ReactNode } from "react";
import { PageModule } from "./inline-script.tsx";
import { type FilterStatus, statusText } from "../lib/list-filter.ts";

/** The label of the choice button that shows every card; its value is "" (no filter), so the URL leaves it out. */
const ALL_CHOICES = "All";

export interface ListFilterProps {
  /** Id of the list whose children are the cards the filter shows or hides. */
  listId: string;
  /** Cards in that list. */
  count: number;
  className: string;
  /** Class of the status line when it says nothing matches (otherwise it is visually hidden). */
  emptyClass: string;
  status: FilterStatus & { loading?: string };
  /** A search box: a GET form on `action` whose field is `?search=`, so it still submits without JavaScript. */
  search?: { label: string; placeholder: string; action: string; icon?: boolean };
  /** Choice buttons for `?<name>=`: All, then each value. */
  choices?: { name: string; legend: string; values: readonly string[] };
  /**
   * For a list split into pages: the JSON list of every entry (`fields` are searched), the id of the page links
   * hidden while the matches among every entry are shown, and a card whose `{{field}}`s the script fills in.
   */
  index?: { href: string; pagerId: string; fields: readonly string[]; label: string; card: ReactNode };
}

/**
 * The controls of a list filter as plain server HTML; src/client/filters.ts (a page module it places after itself)
 * makes them filter the cards on the first keystroke or tap, without React.
 */
export function ListFilter({ listId, count, className, emptyClass, status, search, choices, index }: ListFilterProps) {
  const fieldId = `${listId}-search`;
  return (
    <>
      <div
        className={className}
        data-filter=""
        data-filter-list={listId}
        data-status-many={status.many}
        data-status-one={status.one}
        data-status-none={status.none}
        data-status-loading={status.loading}
        data-filter-index={index?.href}
        data-filter-pager={index?.pagerId}
        data-filter-fields={index?.fields.join(" ")}
      >
        {search && (
          <search className="search-box">
            <form action={search.action}>
              <label className="visually-hidden" htmlFor={fieldId}>
                {search.label}
              </label>
              {search.icon && (
                <svg className="search-box__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                  <path d="m20 20-4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              )}
              <input id={fieldId} type="search" name="search" placeholder={search.placeholder} autoComplete="off" />
              {/* Enter submits; without JavaScript that reloads the page with ?search=…, which the script applies. */}
              <button type="submit" className="visually-hidden" tabIndex={-1}>
                Search
              </button>
            </form>
          </search>
        )}
        {choices && (
          <fieldset className="filter-buttons">
            <legend className="visually-hidden">{choices.legend}</legend>
            {["", ...choices.values].map((value) => (
              <button
                key={value}
                type="button"
                className="filter-button"
                name={choices.name}
                value={value}
                aria-pressed={value === ""}
              >
                {value || ALL_CHOICES}
              </button>
            ))}
          </fieldset>
        )}
        <p className={count === 0 ? emptyClass : "visually-hidden"} data-empty-class={emptyClass} role="status">
          {statusText(count, status)}
        </p>
        {index && (
          <>
            <template>{index.card}</template>
            <ul className="card-grid" aria-label={index.label} data-filter-results="" hidden />
          </>
        )}
      </div>
      <PageModule name="filters" />
    </>
  );
}
