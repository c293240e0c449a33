/**
 * The site's icons, generated at build from the one logo (public/favicon.svg) and linked from every page's head.
 * The build writes these paths and the document links them; this module is the only place that names them.
 */
export const SITE_ICONS = {
  /** The source logo, served as it is; modern browsers prefer it. */
  svg: "/favicon.svg",
  /** For browsers, crawlers and feed readers that ask for /favicon.ico without reading the page. */
  ico: "/favicon.ico",
  /** iOS home screen; opaque, iOS rounds the corners itself. */
  appleTouch: "/apple-touch-icon.png",
  manifest: "/site.webmanifest",
} as const;

/** Pixel sizes inside favicon.ico: tabs, taskbars and high-density tabs. */
export const FAVICON_SIZES = [16, 32, 48] as const;
export const APPLE_TOUCH_SIZE = 180;
/** The two sizes Android and desktop install prompts require in the web manifest. */
export const MANIFEST_ICON_SIZES = [192, 512] as const;

/** Site path of a manifest icon, e.g. /icon-192.png. */
export const manifestIconPath = (size: number) => `/icon-${size}.png`;
