import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { isCurrentPath } from "../src/components/site-context.tsx";
import type { SiteContent } from "../src/lib/content.ts";
import { type DocumentAssets, PageScope } from "../src/layouts/document.tsx";
import { ShellBottom, ShellTop } from "../src/layouts/shell.tsx";
import { type ReferenceScan, scanReferences } from "./page-weight.ts";

/** The shell's HTML before and after one page's <main>, and what each part references (build/page-weight.ts). */
export interface RenderedShell {
  top: string;
  bottom: string;
  topScan: ReferenceScan;
  bottomScan: ReferenceScan;
}

interface Entry {
  /** Each isCurrent question the shell asked while it rendered, with its answer. */
  asked: ReadonlyMap<string, boolean>;
  shell: RenderedShell;
}

/** Whether the page at `path` gives every question in `asked` the answer recorded there. */
function answersAlike(asked: ReadonlyMap<string, boolean>, path: string): boolean {
  for (const [href, answer] of asked) if (isCurrentPath(href, path) !== answer) return false;
  return true;
}

/**
 * The shell (src/layouts/shell.tsx: header and product menus, footer, overlays) rendered once for all the pages that
 * would render it alike, instead of once per page. Besides the content and the assets, which are the same for every
 * page of a build, its HTML depends only on the island numbers the page used before it (their ids continue the
 * page's) and on the answers isCurrent gave it (aria-current). So a render is kept under the page's island numbers
 * with the questions it asked, and serves any page that answers them alike: a render that asks the same questions
 * and gets the same answers takes the same course.
 */
export class ShellCache {
  readonly #renders = new Map<string, Entry[]>();

  /** Content and assets must not change while the cache is used: one cache per build. */
  constructor(
    readonly content: SiteContent,
    readonly assets: DocumentAssets,
  ) {}

  /** The shell of the page at `path`, whose own render numbered `islands` (left as it is). */
  get(path: string, islands: ReadonlyMap<string, number>): RenderedShell {
    const key = [...islands].sort(([a], [b]) => (a < b ? -1 : 1)).join(" ");
    const renders = this.#renders.get(key) ?? this.#renders.set(key, []).get(key) ?? [];
    for (const { asked, shell } of renders) if (answersAlike(asked, path)) return shell;
    const entry = this.#render(path, islands);
    renders.push(entry);
    return entry.shell;
  }

  #render(path: string, islands: ReadonlyMap<string, number>): Entry {
    const asked = new Map<string, boolean>();
    const isCurrent = (href: string) => {
      const answer = isCurrentPath(href, path);
      asked.set(href, answer);
      return answer;
    };
    const counts = new Map(islands);
    const part = (node: ReactNode) =>
      renderToString(
        <PageScope content={this.content} isCurrent={isCurrent} assets={this.assets} islands={counts}>
          {node}
        </PageScope>,
      );
    const top = part(<ShellTop />);
    const bottom = part(<ShellBottom />);
    return { asked, shell: { top, bottom, topScan: scanReferences(top), bottomScan: scanReferences(bottom) } };
  }
}
