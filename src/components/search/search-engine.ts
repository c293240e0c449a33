import MiniSearch from "minisearch";
import {
  decodeSearchIndex,
  SEARCH_INDEX_PATH,
  SEARCH_KINDS,
  type SearchDocument,
  type SearchKind,
} from "../../lib/search.ts";

/**
 * The browser half of the site search: fetches the index once per page and searches it with MiniSearch. Only the
 * search islands import this, so none of it loads before the visitor opens the search.
 */

interface SearchHit {
  document: SearchDocument;
  /** The words of the passage that matched, to highlight. */
  terms: string[];
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  /** The best hits, at most the limit asked for. */
  hits: SearchHit[];
  /** All hits of this kind. */
  total: number;
}

export interface SiteSearch {
  /** Hits grouped by kind, the group with the best hit first; empty groups are left out. */
  search(query: string, perGroup?: number): SearchGroup[];
}

const LABELS = new Map<SearchKind, string>(SEARCH_KINDS.map(({ kind, label }) => [kind, label]));

/** An in-memory search over the index's passages: titles count most, then section headings, then the text. */
export function createSiteSearch(documents: readonly SearchDocument[]): SiteSearch {
  const mini = new MiniSearch<{ id: number; title: string; section: string; text: string }>({
    fields: ["title", "section", "text"],
    searchOptions: {
      boost: { title: 3, section: 2 },
      combineWith: "AND",
      // The word being typed is matched as a prefix; longer words forgive a typo.
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
    },
  });
  mini.addAll(documents.map((doc, id) => ({ id, title: doc.title, section: doc.section ?? "", text: doc.text })));
  return {
    search(query, perGroup = Number.POSITIVE_INFINITY) {
      const byKind = new Map<SearchKind, SearchHit[]>();
      for (const result of mini.search(query)) {
        const document = documents[result.id as number];
        if (!document) continue;
        const hits = byKind.get(document.kind) ?? [];
        hits.push({ document, terms: result.terms });
        byKind.set(document.kind, hits);
      }
      // Results come best first, so the map's order is the order of each kind's best hit.
      return [...byKind].map(([kind, hits]) => ({
        kind,
        label: LABELS.get(kind) ?? kind,
        hits: hits.slice(0, perGroup),
        total: hits.length,
      }));
    },
  };
}

let loading: Promise<SiteSearch> | undefined;

/** Fetches and indexes the site's search index once per page; after a failure the next call tries again. */
export function loadSiteSearch(): Promise<SiteSearch> {
  loading ??= fetch(SEARCH_INDEX_PATH)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${SEARCH_INDEX_PATH} answered ${response.status}`);
      return createSiteSearch(decodeSearchIndex(await response.json()));
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
