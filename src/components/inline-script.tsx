import { createContext, useContext } from "react";

/**
 * Inline scripts a component places itself, right after its own markup, instead of the document head: each finds
 * its element through `document.currentScript.parentElement` and runs while the page is parsed, so the widget works
 * from the first paint with no request and no framework. Allowed by their CSP hashes like the head scripts.
 */
export const PLACED_SCRIPTS = new Set(["carousel", "currency", "share-bar", "sign-up", "typewriter"]);

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
