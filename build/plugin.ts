import type { SiteContent } from "../src/lib/content.ts";
import type { PageHead } from "../src/lib/page.ts";
import type { IslandBundle } from "./bundle.ts";
import type { BuildCache } from "./cache.ts";
import type { CompiledContent } from "./compile-content.ts";
import type { ImageFactsMap } from "./images/facts.ts";
import type { RenderedPage } from "./render.tsx";
import type { Route } from "./routes.ts";
import type { OutputFile } from "./styles.ts";

/** What the core has made when the plugins run; each plugin picks what it needs. */
export interface BuiltSite {
  rootDir: string;
  contentDir: string;
  content: SiteContent;
  compiled: CompiledContent;
  /** Size and format of each photo of content/images. */
  facts: ImageFactsMap;
  pages: readonly RenderedPage[];
  /** Each route's head, rendered this build or not: what share cards are drawn from. */
  heads: readonly { route: Route; head: PageHead }[];
  bundle: IslandBundle;
}

/**
 * An extra of the site: made from what the core built, never read by it. The core asks every plugin for the paths
 * it will make before any is made (the link check counts them), then makes them side by side.
 */
export interface Plugin<Input = unknown> {
  /** The stage's name in the build's log. */
  name: string;
  /** "first": a page fetches it once shown, so it is written before the local server starts; "late": nobody waits. */
  when: "first" | "late";
  /** What it is made from. */
  needs(site: BuiltSite): Input;
  /** Served paths of the files it will make (/rss.xml), known before it makes them. */
  paths(input: Input): string[];
  /** Its files, and the detail of its log line; `cache` keeps what costs more to make than to read. */
  make(input: Input, cache: BuildCache): Promise<{ files: OutputFile[]; detail: string }>;
}

/** A plugin with its input type checked where it is written, listed among others of any input. */
export const plugin = <Input>(definition: Plugin<Input>): Plugin => definition as Plugin;
