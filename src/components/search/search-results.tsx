import type { KeyboardEvent } from "react";
import { highlight, passage } from "../../lib/search.ts";
import type { SearchGroup } from "./search-engine.ts";

interface SearchResultsProps {
  groups: readonly SearchGroup[];
  /** The level of each group's heading: below the dialog's h2, or the search page's h1. */
  headingLevel: 2 | 3;
  /** Prefix of the group headings' ids. */
  idPrefix: string;
  /** Called when a result is chosen (the dialog closes itself). */
  onChoose?: () => void;
}

/** Text with its matched words in <mark>: built from text, never from the content's HTML. */
const Marked = ({ text, terms }: { text: string; terms: string[] }) =>
  highlight(text, terms).map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : piece.text));

/** Results grouped by kind (Products, FAQ, Policies, Articles, About); each links straight to its passage. */
export function SearchResults({ groups, headingLevel, idPrefix, onChoose }: SearchResultsProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="search-results">
      {groups.map((group) => (
        <section key={group.kind} className="search-results__group" aria-labelledby={`${idPrefix}${group.kind}`}>
          <Heading id={`${idPrefix}${group.kind}`} className="search-results__heading">
            {group.label} <span className="search-results__count">({group.total})</span>
          </Heading>
          <ul className="search-results__list">
            {group.hits.map((hit) => (
              <li key={hit.document.url}>
                <a className="search-hit" href={hit.document.url} onClick={onChoose}>
                  <span className="search-hit__title">
                    <Marked text={hit.document.title} terms={hit.terms} />
                    {hit.document.section && <span className="search-hit__section"> · {hit.document.section}</span>}
                  </span>
                  <span className="search-hit__passage">
                    <Marked text={passage(hit.document.text, hit.terms)} terms={hit.terms} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * Arrow keys between the search field and the results: Down from the field to the first result and on, Up back
 * towards the field; Home and End jump to the first and last result. Enter follows the focused link natively.
 */
export function moveThroughResults(
  event: KeyboardEvent<HTMLElement>,
  field: HTMLInputElement | null,
  results: HTMLElement | null,
): void {
  if (!field || !results || !["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
  const links = [...results.querySelectorAll<HTMLAnchorElement>("a.search-hit")];
  if (links.length === 0) return;
  const active = document.activeElement;
  const at = links.indexOf(active as HTMLAnchorElement);
  if (at < 0 && active !== field) return;
  // In the field, Home and End move the caret.
  if (at < 0 && (event.key === "Home" || event.key === "End")) return;
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? links.length - 1
        : event.key === "ArrowDown"
          ? Math.min(at + 1, links.length - 1)
          : at - 1;
  event.preventDefault();
  (next < 0 ? field : links[next])?.focus();
}
