import type { ReactNode } from "react";
import { SeoHead } from "../components/seo-head.tsx";
import { SiteProvider } from "../components/site-context.tsx";
import {
  InlineScriptsProvider,
  LINK_TOKEN_SCRIPT,
  PageModulesProvider,
  PLACED_SCRIPTS,
} from "../components/inline-script.tsx";
import type { SiteContent } from "../lib/content.ts";
import { IslandScope } from "../lib/island-wrapper.tsx";
import type { PageHead } from "../lib/page.ts";
import { SITE_ICONS } from "../lib/site-icons.ts";
import { isIndexable } from "../lib/site-environment.ts";
import { type Stylesheets, stylesheetsFor } from "../lib/stylesheets.ts";

interface DocumentAssets {
  stylesheet: Stylesheets;
  loader: string;
  inlineScripts: ReadonlyMap<string, { code: string }>;
  /** The page modules' URLs by name (build/bundle.ts PAGE_MODULES). */
  modules: ReadonlyMap<string, string>;
}

interface ScopeProps {
  content: SiteContent;
  isCurrent: (href: string) => boolean;
  assets: DocumentAssets;
  /** Islands numbered so far on this page: the page and its shell are rendered apart but number as one page. */
  islands: Map<string, number>;
  children: ReactNode;
}

/** What the page and the shell read while they render: site facts, the current page, island numbers, inline scripts. */
export function PageScope({ content, isCurrent, assets, islands, children }: ScopeProps) {
  return (
    <SiteProvider value={{ content, isCurrent }}>
      <IslandScope counts={islands}>
        <InlineScriptsProvider value={assets.inlineScripts}>
          <PageModulesProvider value={assets.modules}>{children}</PageModulesProvider>
        </InlineScriptsProvider>
      </IslandScope>
    </SiteProvider>
  );
}

/** The page's own HTML in its landmark. */
export function Main({ page }: { page: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of the page.
  return <main id="main" tabIndex={-1} dangerouslySetInnerHTML={{ __html: page }} />;
}

interface DocumentProps {
  content: SiteContent;
  head: PageHead;
  path: string;
  assets: DocumentAssets;
  /** 404 views: the path is the file served, not a URL. */
  special: boolean;
  /** The page's HTML, rendered first, so the head links the page sheets it uses (src/lib/stylesheets.ts). */
  page: string;
  /** The body: the shell (src/layouts/shell.tsx) around <Main>, put together by build/render.tsx. */
  body: string;
}

/** The whole HTML document: the head, and the body rendered already. */
export function Document({ content, head, path, assets, special, page, body }: DocumentProps) {
  // Head scripts only: the placed ones go after the component that needs them (src/components/inline-script.tsx).
  // The not-found log belongs to the not-found views, not to every noindex page (the search results page is one too).
  const tokenPage = head.linkToken === true;
  const inline = [...assets.inlineScripts.entries()]
    .filter(
      ([name]) =>
        !PLACED_SCRIPTS.has(name) && (name !== "log-not-found" || special) && (name !== LINK_TOKEN_SCRIPT || tokenPage),
    )
    // Before anything else runs, the token leaves the address bar, so no script or report can read it there.
    .sort(([a], [b]) => Number(b === LINK_TOKEN_SCRIPT) - Number(a === LINK_TOKEN_SCRIPT));
  const theme = assets.stylesheet.themeColors;
  return (
    // The analytics settings ride on <html> for the consent head script (src/client/analytics.ts reads them); a page
    // with a token in its address has no measurement id, so Google's tag is never loaded there, whatever the consent.
    <html
      lang="en"
      data-analytics-id={(!tokenPage && content.site.analytics.measurementId) || undefined}
      data-analytics-mode={content.site.analytics.mode}
    >
      <head>
        <meta charSet="utf-8" />
        {/* Before the first request the page makes: none of them may carry its address (and token) as Referer. */}
        {tokenPage && <meta name="referrer" content="no-referrer" />}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <SeoHead site={content.site} head={head} path={path} indexable={isIndexable(content.environment)} />
        {/* The toolbar colour of the system's theme; the theme switch picks the chosen one (src/client/theme-switch.ts). */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={theme.light} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={theme.dark} />
        <link rel="icon" href={SITE_ICONS.ico} sizes="32x32" />
        <link rel="icon" href={SITE_ICONS.svg} type="image/svg+xml" />
        {/* The brand mark of the header and footer (src/components/shell/logo.tsx): once, here, not in the body. */}
        <link rel="preload" as="image" href={SITE_ICONS.svg} />
        <link rel="apple-touch-icon" href={SITE_ICONS.appleTouch} />
        <link rel="manifest" href={SITE_ICONS.manifest} />
        {stylesheetsFor(page, assets.stylesheet).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {inline.map(([name, script]) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build output, allowed by its CSP hash.
          <script key={name} dangerouslySetInnerHTML={{ __html: script.code }} />
        ))}
        <script type="module" src={assets.loader} />
      </head>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server renders of the shell and the page. */}
      <body dangerouslySetInnerHTML={{ __html: body }} />
    </html>
  );
}
