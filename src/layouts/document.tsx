import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import CookieBanner from "../islands/cookie-banner.tsx";
import Toaster from "../islands/toaster.tsx";
import { WHATSAPP_DUE_EVENT } from "../lib/limits.ts";
import { TOAST_EVENT } from "../stores/toast.ts";
import WhatsAppPopup from "../islands/whatsapp-popup.tsx";
import { Island, IslandScope } from "../lib/island.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";
import { FloatingContact } from "../components/shell/floating-contact.tsx";
import { SeoHead } from "../components/seo-head.tsx";
import { SiteProvider } from "../components/site-context.tsx";
import { InlineScriptsProvider, PLACED_SCRIPTS } from "../components/inline-script.tsx";
import type { SiteContent } from "../lib/content.ts";
import type { PageHead } from "../lib/page.ts";
import { SITE_ICONS } from "../lib/site-icons.ts";
import { isIndexable } from "../lib/site-environment.ts";
import { pageSheetHref, type Stylesheets, stylesheetsFor } from "../lib/stylesheets.ts";

export interface DocumentAssets {
  stylesheet: Stylesheets;
  loader: string;
  inlineScripts: ReadonlyMap<string, { code: string }>;
}

interface DocumentProps {
  content: SiteContent;
  head: PageHead;
  path: string;
  assets: DocumentAssets;
  /** 404 views: the path is the file served, not a URL. */
  special: boolean;
  children: ReactNode;
}

/** The whole HTML document: head, the shared shell, and the page in <main>. */
export function Document({ content, head, path, assets, special, children }: DocumentProps) {
  // Head scripts only: the placed ones go after the component that needs them (src/components/inline-script.tsx).
  // The not-found log belongs to the not-found views, not to every noindex page (the search results page is one too).
  const inline = [...assets.inlineScripts.entries()].filter(([name]) => !PLACED_SCRIPTS.has(name) && (name !== "log-not-found" || special));
  // Islands are numbered across the page and the shell together, so no two share an id prefix.
  const islands = new Map<string, number>();
  // The page is rendered first, so the head can link the page sheets its HTML uses (src/lib/stylesheets.ts).
  const page = renderToString(
    <SiteProvider value={{ content, path, stylesheets: assets.stylesheet }}>
      <IslandScope counts={islands}>
        <InlineScriptsProvider value={assets.inlineScripts}>{children}</InlineScriptsProvider>
      </IslandScope>
    </SiteProvider>,
    { identifierPrefix: "page-" },
  );
  const theme = assets.stylesheet.themeColors;
  return (
    // The analytics settings ride on <html> for the consent head script (src/client/analytics.ts reads them).
    <html lang="en" data-analytics-id={content.site.analytics.measurementId || undefined} data-analytics-mode={content.site.analytics.mode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <SeoHead site={content.site} head={head} path={path} indexable={isIndexable(content.environment)} />
        {/* The toolbar colour of the system's theme; the theme switch picks the chosen one (src/client/theme-switch.ts). */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={theme.light} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={theme.dark} />
        <link rel="icon" href={SITE_ICONS.ico} sizes="32x32" />
        <link rel="icon" href={SITE_ICONS.svg} type="image/svg+xml" />
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
      <body>
        <SiteProvider value={{ content, path, stylesheets: assets.stylesheet }}>
          <IslandScope counts={islands}>
          <InlineScriptsProvider value={assets.inlineScripts}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of the page, above. */}
          <main id="main" tabIndex={-1} dangerouslySetInnerHTML={{ __html: page }} />
          <SiteFooter />
          <FloatingContact />
          {/* Site-wide overlays that are not part of the page flow (cookie banner, WhatsApp popup) go below. */}
          <Island of={CookieBanner} props={{ stylesheet: pageSheetHref(assets.stylesheet, "consent-dialog") }} hydrate="interaction" />
          <Island of={WhatsAppPopup} props={{ whatsapp: content.site.contact.whatsapp, stylesheet: pageSheetHref(assets.stylesheet, "whatsapp") }} hydrate={`event:${WHATSAPP_DUE_EVENT}`} clientOnly />
          <Island of={Toaster} props={{}} hydrate={`event:${TOAST_EVENT}`} />
          </InlineScriptsProvider>
          </IslandScope>
        </SiteProvider>
      </body>
    </html>
  );
}
