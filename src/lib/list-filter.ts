/**
 * The rules of the list filters (/products search, /blog search and categories, /portfolio categories): one
 * value per URL parameter, "" meaning "no filter on it". src/client/filters.ts applies them to the page;
 * src/components/list-filter.tsx renders the controls.
 */

/** What a list filter holds: URL parameter → chosen value ("" = everything). */
export type FilterState = Record<string, string>;

/** A card or an index entry as the filter sees it: its searchable text and its value for each choice parameter. */
export interface Filterable {
  text: string;
  field(param: string): string | undefined;
}

/**
 * Whether an item passes the filter: the text parameter's value, ignoring case and surrounding spaces, occurs in its
 * text, and every other chosen value equals the item's own.
 * @param textParam the parameter searched as free text (`search`), if the filter has one
 */
export function matchesFilter(item: Filterable, state: FilterState, textParam?: string): boolean {
  for (const [param, value] of Object.entries(state)) {
    const wanted = param === textParam ? value.trim().toLowerCase() : value;
    if (wanted === "") continue;
    if (param === textParam ? !item.text.toLowerCase().includes(wanted) : item.field(param) !== wanted) return false;
  }
  return true;
}

/**
 * Reads a filter from a query string. A choice parameter keeps only one of its `choices`; anything else means "".
 * @param search location.search, e.g. "?search=app&category=Business"
 * @param params each parameter with its allowed values, or undefined for free text
 */
export function filterFromQuery(
  search: string,
  params: Readonly<Record<string, readonly string[] | undefined>>,
): FilterState {
  const query = new URLSearchParams(search);
  const state: FilterState = {};
  for (const [param, choices] of Object.entries(params)) {
    const value = query.get(param) ?? "";
    state[param] = choices === undefined || choices.includes(value) ? value : "";
  }
  return state;
}

/**
 * The same URL with the filter written into its query (blank values left out, so the plain page keeps its plain
 * address). Other parameters and the hash are kept.
 */
export function withFilterQuery(href: string, state: FilterState): string {
  const url = new URL(href);
  for (const [param, value] of Object.entries(state)) {
    if (value.trim() === "") url.searchParams.delete(param);
    else url.searchParams.set(param, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The status line's sentences: `{n}` stands for the count. */
export interface FilterStatus {
  many: string;
  one?: string;
  none: string;
}

/** What the status line says for `count` shown items. */
export function statusText(count: number, status: FilterStatus): string {
  if (count === 0) return status.none;
  return (count === 1 ? (status.one ?? status.many) : status.many).replace("{n}", String(count));
}
