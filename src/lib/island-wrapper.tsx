import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { IslandBoundary } from "./island-boundary.tsx";

/**
 * When an island wakes: `interaction` on the visitor's first touch of it, `visible` when it scrolls into view,
 * `query:a,b` at once when the URL has one of those parameters, `event:name` when the page dispatches that event.
 */
type HydrateTrigger = "visible" | "interaction" | `query:${string}` | `event:${string}`;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface IslandManifest {
  /** island id → URL of its entry chunk. */
  chunks: ReadonlyMap<string, string>;
  /** island component → island id (its file name in src/islands). */
  ids: ReadonlyMap<ComponentType<never>, string>;
  /** URL of each chunk → URLs of the chunks it imports statically, for `prefetch`. */
  imports?: ReadonlyMap<string, readonly string[]>;
}

let runtime: IslandManifest | undefined;

/** Called by the build before rendering pages. */
export function setIslandManifest(next: IslandManifest): void {
  runtime = next;
}

/** Islands rendered so far on the page being rendered, per island id. */
const PageIslands = createContext<Map<string, number> | undefined>(undefined);

/**
 * Numbers the islands of one page, by kind, so adding an island leaves every other page's HTML as it was. Scopes given
 * the same `counts` number as one page (the document renders its content and its shell apart).
 */
export function IslandScope({ children, counts = new Map() }: { children: ReactNode; counts?: Map<string, number> }) {
  return <PageIslands.Provider value={counts}>{children}</PageIslands.Provider>;
}

interface IslandProps<P> {
  /** The default export of a module in src/islands. */
  of: ComponentType<P>;
  props: P & { [key: string]: Json | undefined };
  hydrate?: HydrateTrigger;
  /**
   * Fetch its code (not run it) ahead, for an island the visitor will probably need (a lead form, the search): when
   * they use it, only running the code is left. When is decided in the browser (src/client/island-runtime.ts): once
   * the page is idle and the visitor heads for it, on a connection that allows it.
   */
  prefetch?: boolean;
}

/**
 * Renders an island: its server HTML inside a wrapper that carries the chunk URL, the trigger and the props as
 * inert JSON (the props' type admits only JSON values). Each instance is rendered as its own React root with its own id prefix, the same way the browser
 * hydrates it, so ids made by useId match on both sides.
 */
export function Island<P>({ of, props, hydrate = "visible", prefetch = false }: IslandProps<P>) {
  const counts = useContext(PageIslands);
  if (!counts) throw new Error("Island rendered outside <IslandScope>; render pages through src/layouts/document.tsx");
  if (!runtime) throw new Error("Island rendered before setIslandManifest(); render pages through build/render.ts");
  const id = runtime.ids.get(of as ComponentType<never>);
  if (!id)
    throw new Error(`Island component ${of.displayName ?? of.name} is not a default export of src/islands/*.tsx`);
  const src = runtime.chunks.get(id);
  if (!src) throw new Error(`Island "${id}" has no bundled chunk`);
  const count = (counts.get(id) ?? 0) + 1;
  counts.set(id, count);
  const prefix = `${id}-${count}-`;
  const Component = of as ComponentType<Record<string, unknown>>;
  const html = renderToString(
    <IslandBoundary>
      <Component {...props} />
    </IslandBoundary>,
    { identifierPrefix: prefix },
  );
  return (
    <site-island
      data-island={id}
      data-src={src}
      data-hydrate={hydrate}
      data-prefix={prefix}
      data-prefetch={prefetch ? codeOf(src, runtime.imports).join(" ") : undefined}
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: props are serialised with <, > and & escaped. */}
      <script type="application/json" dangerouslySetInnerHTML={{ __html: serializeJson(props) }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of the island. */}
      <island-root dangerouslySetInnerHTML={{ __html: html }} />
    </site-island>
  );
}

/** A chunk and every chunk it imports statically, each once. */
function codeOf(src: string, imports: IslandManifest["imports"]): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const next of imports?.get(url) ?? []) visit(next);
  };
  visit(src);
  return [...seen];
}

/** JSON that cannot close the <script> it sits in nor start markup: <, >, & and the JS line separators are escaped. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "site-island": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
      "island-root": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
