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

function startFilter(el: HTMLElement, signal?: AbortSignal): void {
  const data = el.dataset;
  const doc = el.ownerDocument;
  const list = doc.getElementById(data.filterList ?? "");
  const pager = doc.getElementById(data.filterPager ?? "");
  const input = el.querySelector<HTMLInputElement>("input[type=search]");
  const buttons = [...el.querySelectorAll<HTMLButtonElement>("button[name]")];
  const status = el.querySelector<HTMLElement>("[role=status]");
  const results = el.querySelector<HTMLElement>("[data-filter-results]");
  const template = el.querySelector("template");
  const textParam = input?.name;
  const params: Record<string, string[] | undefined> = textParam ? { [textParam]: undefined } : {};
  for (const b of buttons) params[b.name] = [...(params[b.name] ?? []), b.value];
  const texts = { many: data.statusMany ?? "{n}", one: data.statusOne, none: data.statusNone ?? "" };
  let state: FilterState = {};
  let index: { entries: Entry[]; card: (entry: Entry) => Element } | "loading" | "failed" | undefined;

  const apply = () => {
    if (input && textParam && input.value !== state[textParam]) input.value = state[textParam] ?? "";
    for (const b of buttons) b.setAttribute("aria-pressed", String(state[b.name] === b.value));
    let count = 0;
    for (const item of list?.children ?? []) {
      const card = item as HTMLElement;
      const marks = card.querySelectorAll("[data-search-field]");
      const text = card.dataset.search ?? [...marks].map((m) => m.textContent).join("\n");
      card.hidden = !matchesFilter({ text, field: (p) => card.dataset[p] }, state, textParam);
      if (!card.hidden) count += 1;
    }
    const filtering = Object.values(state).some((v) => v.trim() !== "");
    const across = data.filterIndex !== undefined && filtering && index !== "failed";
    if (across && index === undefined) load();
    const all = across && typeof index === "object" ? index : undefined;
    const matches = all?.entries.filter((entry) => matchesFilter(asFilterable(entry), state, textParam));
    if (list) list.hidden = matches !== undefined;
    if (pager) pager.hidden = matches !== undefined;
    if (results) {
      results.hidden = !matches?.length;
      results.replaceChildren(...(matches ?? []).map((entry) => all?.card(entry) ?? ""));
    }
    const shown = matches?.length ?? count;
    const loading = across && !matches;
    if (status) {
      status.textContent = loading ? (data.statusLoading ?? "") : statusText(shown, texts);
      status.className = loading || shown > 0 ? "visually-hidden" : (status.dataset.emptyClass ?? "");
    }
  };

  const asFilterable = (entry: Entry): Filterable => ({
    text: (data.filterFields ?? "")
      .split(" ")
      .map((f) => String(entry[f] ?? ""))
      .join("\n"),
    field: (p) => (entry[p] === undefined ? undefined : String(entry[p])),
  });

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

  const change = (next: FilterState) => {
    state = { ...state, ...next };
    history.replaceState(history.state, "", withFilterQuery(location.href, state));
    apply();
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
