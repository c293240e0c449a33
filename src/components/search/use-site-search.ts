import { useEffect, useMemo, useState } from "react";
import { loadSiteSearch, type SearchGroup, type SiteSearch } from "./search-engine.ts";

type SearchState = "loading" | "ready" | "failed";

export interface SiteSearchView {
  state: SearchState;
  groups: SearchGroup[];
  /** Hits over all groups, shown or not. */
  total: number;
  /** What the live region says: the count of results, or why there are none yet. */
  status: string;
}

/** Loads the index when the component mounts (the island wakes only when the search is used) and searches `query`. */
export function useSiteSearch(query: string, perGroup?: number): SiteSearchView {
  const [engine, setEngine] = useState<SiteSearch>();
  const [state, setState] = useState<SearchState>("loading");
  useEffect(() => {
    let live = true;
    loadSiteSearch().then(
      (loaded) => {
        if (!live) return;
        setEngine(loaded);
        setState("ready");
      },
      (error: unknown) => {
        console.error("[search]", error);
        if (live) setState("failed");
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const trimmed = query.trim();
  const groups = useMemo(
    () => (engine && trimmed ? engine.search(trimmed, perGroup) : []),
    [engine, trimmed, perGroup],
  );
  const total = groups.reduce((sum, group) => sum + group.total, 0);
  return { state, groups, total, status: statusText(state, trimmed, total) };
}

function statusText(state: SearchState, query: string, total: number): string {
  if (state === "failed") return "Search could not load. Check your connection and try again, or browse the FAQ.";
  if (!query) return "Search products, FAQ answers, policies and articles.";
  if (state === "loading") return "Loading search…";
  if (total === 0) return `No results for “${query}”.`;
  return `${total} ${total === 1 ? "result" : "results"} for “${query}”.`;
}
