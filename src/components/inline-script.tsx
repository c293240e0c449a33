import { createContext, useContext } from "react";

/**
 * Inline scripts a component places right after its own markup: each finds its element through
 * `document.currentScript.parentElement` and runs while the page is parsed, so the widget works from the first paint.
 */
export const PLACED_SCRIPTS = new Set(["currency", "share-bar", "sign-up", "typewriter"]);

/** The head script of a page whose address carries a token (PageHead.linkToken): first in its head, on no other page. */
export const LINK_TOKEN_SCRIPT = "newsletter-link";

const InlineScriptsContext = createContext<ReadonlyMap<string, { code: string }> | undefined>(undefined);
export const InlineScriptsProvider = InlineScriptsContext.Provider;

/** The build's minified src/client/inline/<name>.ts; throws when the build has no such script. */
export function InlineScript({ name }: { name: string }) {
  const script = useContext(InlineScriptsContext)?.get(name);
  if (!script || !PLACED_SCRIPTS.has(name))
    throw new Error(
      `No placed inline script "${name}": add src/client/inline/${name}.ts and list it in PLACED_SCRIPTS`,
    );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build output, allowed by its CSP hash.
  return <script dangerouslySetInnerHTML={{ __html: script.code }} />;
}

const PageModulesContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);
export const PageModulesProvider = PageModulesContext.Provider;

/**
 * A page module (build/bundle.ts PAGE_MODULES, src/client/<name>.ts): a module script, run once the page is parsed and
 * cached across visits, for code the page needs after its first paint only (the carousels' controls).
 */
export function PageModule({ name }: { name: string }) {
  const src = useContext(PageModulesContext)?.get(name);
  if (!src) throw new Error(`No page module "${name}": add src/client/${name}.ts and list it in PAGE_MODULES`);
  return <script type="module" src={src} />;
}
