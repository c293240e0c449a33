/**
 * The list filters (/products, /blog, /portfolio) without React: plain listeners on the server's controls, so the
 * first keystroke or tap filters the cards at once. A page module (build/bundle.ts PAGE_MODULES) that the list filter
 * places after itself (src/components/list-filter.tsx): only the pages with a list filter load it. src/components/list-filter.tsx renders a `[data-filter]` root:
 * a search box (`input[type=search]`, its name is the URL parameter) and/or choice buttons (`button[name][value]`,
 * value "" for all), a `role=status` line, and `data-filter-list`, the id of the list whose children are the cards.
 * A card is searched by its `data-search`, or else the text of its `[data-search-field]` marks; a choice compares
 * with its `data-<name>`. The state lives in the URL (replaceState, popstate), so a shared link opens filtered.
 *
 * A list split into pages also names `data-filter-index` (JSON of every entry) and `data-filter-pager`: while
 * filtering, this page's cards filter at once, then the index is fetched once (with ./filter-index.ts, which only
 * such a page loads) and every match is shown, each card made from the root's `<template>`.
 */
import {
  type Filterable,
  type FilterState,
  filterFromQuery,
  matchesFilter,
  statusText,
  withFilterQuery,
} from "../lib/list-filter.ts";
import type { Entry } from "./filter-index.ts";

/** The filter roots started already: a page swapped in starts the module's page once on import, once by the swap. */
const started = new WeakSet<Element>();

/** Wires every `[data-filter]` root under `root`; it stops following the URL when `signal` ends (a page swapped out). */
export function startFilters(root: ParentNode, signal?: AbortSignal): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-filter]")) {
    if (started.has(el)) continue;
    started.add(el);
    startFilter(el, signal);
  }
}

/** The parts of one filter root, as src/components/list-filter.tsx renders them. */
function partsOf(el: HTMLElement) {
  const doc = el.ownerDocument;
  const input = el.querySelector<HTMLInputElement>("input[type=search]");
  const buttons = [...el.querySelectorAll<HTMLButtonElement>("button[name]")];
  const params: Record<string, string[] | undefined> = input ? { [input.name]: undefined } : {};
  for (const b of buttons) params[b.name] = [...(params[b.name] ?? []), b.value];
  return {
    data: el.dataset,
    list: doc.getElementById(el.dataset.filterList ?? ""),
    pager: doc.getElementById(el.dataset.filterPager ?? ""),
    input,
    buttons,
    params,
    status: el.querySelector<HTMLElement>("[role=status]"),
    results: el.querySelector<HTMLElement>("[data-filter-results]"),
    template: el.querySelector("template"),
  };
}
type Parts = ReturnType<typeof partsOf>;

/** Sets what differs only: an unchanged card or button costs the frame nothing (no style invalidation, no mutation). */
function setHidden(el: HTMLElement, hidden: boolean): void {
  if (el.hidden !== hidden) el.hidden = hidden;
}

function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Hides this page's cards that do not match; returns how many are shown. A card's text is read once, not per key. */
function filterCards(
  list: HTMLElement | null,
  state: FilterState,
  textParam: string | undefined,
  texts: WeakMap<Element, string>,
) {
  let count = 0;
  for (const card of (list?.children ?? []) as HTMLCollectionOf<HTMLElement>) {
    let text = texts.get(card);
    if (text === undefined) {
      const marks = card.querySelectorAll("[data-search-field]");
      text = card.dataset.search ?? [...marks].map((m) => m.textContent).join("\n");
      texts.set(card, text);
    }
    const shown = matchesFilter({ text, field: (p) => card.dataset[p] }, state, textParam);
    setHidden(card, !shown);
    if (shown) count += 1;
  }
  return count;
}

function showStatus({ status, data }: Parts, shown: number, loading: boolean): void {
  if (!status) return;
  const texts = { many: data.statusMany ?? "{n}", one: data.statusOne, none: data.statusNone ?? "" };
  const text = loading ? (data.statusLoading ?? "") : statusText(shown, texts);
  const className = loading || shown > 0 ? "visually-hidden" : (status.dataset.emptyClass ?? "");
  if (status.textContent !== text) status.textContent = text;
  if (status.className !== className) status.className = className;
}

/** An entry of the index, searched by the fields the root names. */
const asFilterable = (entry: Entry, fields = ""): Filterable => ({
  text: fields
    .split(" ")
    .map((f) => String(entry[f] ?? ""))
    .join("\n"),
  field: (p) => (entry[p] === undefined ? undefined : String(entry[p])),
});

function startFilter(el: HTMLElement, signal?: AbortSignal): void {
  const parts = partsOf(el);
  const { data, list, pager, input, buttons, params, results, template } = parts;
  const textParam = input?.name;
  const texts = new WeakMap<Element, string>();
  let state: FilterState = {};
  let index: { entries: Entry[]; card: (entry: Entry) => Element } | "loading" | "failed" | undefined;
  let urlPending = false;

  const apply = () => {
    if (input && textParam && input.value !== state[textParam]) input.value = state[textParam] ?? "";
    for (const b of buttons) setAttr(b, "aria-pressed", String(state[b.name] === b.value));
    const count = filterCards(list, state, textParam, texts);
    const filtering = Object.values(state).some((v) => v.trim() !== "");
    const across = data.filterIndex !== undefined && filtering && index !== "failed";
    if (across && index === undefined) load();
    const all = across && typeof index === "object" ? index : undefined;
    const matches = all?.entries.filter((entry) =>
      matchesFilter(asFilterable(entry, data.filterFields), state, textParam),
    );
    if (list) setHidden(list, matches !== undefined);
    if (pager) setHidden(pager, matches !== undefined);
    if (results) {
      setHidden(results, !matches?.length);
      if (matches || results.hasChildNodes())
        results.replaceChildren(...(matches ?? []).map((e) => all?.card(e) ?? ""));
    }
    showStatus(parts, matches?.length ?? count, across && !matches);
  };

  const load = () => {
    index = "loading";
    import("./filter-index.ts")
      .then(async ({ fetchIndex, cardFrom }) => {
        const entries = await fetchIndex(data.filterIndex ?? "");
        index = template ? { entries, card: (entry) => cardFrom(template, entry) } : "failed";
      })
      .catch((error: unknown) => {
        console.error("[filter]", error);
        index = "failed";
      })
      .finally(apply);
  };

  // Changing the URL restyles the document (Chromium re-checks every rule that depends on it), so it waits until the
  // cards have been drawn, and a burst of keys writes it once.
  const writeUrl = () => {
    if (urlPending) return;
    urlPending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        urlPending = false;
        if (!signal?.aborted) history.replaceState(history.state, "", withFilterQuery(location.href, state));
      }),
    );
  };

  const change = (next: FilterState) => {
    state = { ...state, ...next };
    apply();
    writeUrl();
  };

  const read = () => {
    state = filterFromQuery(location.search, params);
    apply();
  };

  input?.addEventListener("input", () => change({ [input.name]: input.value }));
  input?.form?.addEventListener("submit", (event) => event.preventDefault());
  for (const b of buttons) b.addEventListener("click", () => change({ [b.name]: b.value }));
  addEventListener("popstate", read, { signal });
  // Text typed before this script ran (or restored by the browser) wins over the URL.
  if (input && input.value !== input.defaultValue) {
    state = filterFromQuery(location.search, params);
    change({ [input.name]: input.value });
  } else read();
}

/**
 * Starts the filters of the page in `doc`: on import, and for a page swapped in (src/client/page-swap.ts), for as long
 * as that page is shown (the loader's `sitePageSignal`).
 */
export function startPage(doc: Document): void {
  startFilters(doc, globalThis.sitePageSignal);
}

if (typeof document !== "undefined") startPage(document);
