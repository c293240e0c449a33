/**
 * The performance and quality targets, written once. The byte budgets are checked by
 * tests/quality/budgets.test.ts on every build; the Lighthouse targets are compared by `npm run bench`.
 *
 * KB means 1,000 bytes (the stricter reading of "15 KB"), as in the size report (tests/quality/page-weight.ts).
 */
import { KB } from "./page-weight.ts";

export { formatKb, KB } from "./page-weight.ts";

/** Gzip byte budgets, checked deterministically from the build output. */
export const BYTE_BUDGETS = {
  /**
   * JavaScript requested before the first interaction, on the critical path: module scripts, their static imports,
   * inline scripts and islands with hydrate="load". Islands woken when idle, visible or on interaction load later,
   * as the targets allow.
   */
  jsBeforeInteraction: 15 * KB,
  /**
   * Script a route fetches over the network in its first six seconds without input, compressed bytes as
   * received: the loader and nothing that brings React. Measured in the browser by tests/e2e/every-route.spec.ts.
   * The loader also runs the menus, dialogs, tabs and filters that ten islands ran (each of which made
   * its first tap fetch about 60 KB): about 3 KB more, so 10 KB. Home's carousel script is a cached module
   * of its own rather than inline (it would cost 1.2 KB gzip on every view), 1 KB and its response headers: 11.6 KB on home.
   * The page swap on touch screens (src/client/page-swap.ts) is a module of its own, fetched only when a phone keeps a
   * page; what stays in the loader (each page's start made callable again, the import) is about 0.2 KB: 12.0 KB.
   * The loader now carries only what every page needs (18.6 KB raw, from 22.5 KB): the list filters and home's
   * carousels and explorer are page modules of the pages that use them. 8.0 KB on most pages, 11.3 KB with a page
   * module (/products, /blog, /portfolio, home), of which about 1.6 KB a response is headers (the CSP on scripts).
   */
  scriptBeforeInteraction: 11.4 * KB,
  /**
   * Script a route fetches ahead (prefetched) in the same six seconds and never runs: the code of the search and
   * the purchase and lead forms, React among it, must not be fetched on every page view.
   */
  scriptNeverRun: 20 * KB,
  /** The page's stylesheet(s). */
  css: 20 * KB,
  /**
   * A policy page's stylesheets: the shell sheet plus its own. Styles only a lead form uses live in page
   * sheets. The dialogs every page holds (search, cookie preferences, the WhatsApp popup) are in the shell sheet since
   * About 0.7 KB: they must open on a tap with no download, so their styles cannot wait for one.
   */
  policyCss: 9 * KB,
  /**
   * The HTML document itself. It holds the dialogs a tap opens (search, cookie preferences, WhatsApp,
   * purchase), which were rendered by their islands' code before: about 1.5 KB on home, in exchange for no download
   * on the tap.
   */
  html: 32 * KB,
  /**
   * Home's HTML (17.8 KB, 1% to spare) with every SPEC section kept: the explorer's other panels and a sold-directly product's purchase dialog fetched with its panel, icons from
   * one sprite or the stylesheet, the carousels' controls made by their cached module. Any growth fails here first.
   */
  homeHtml: 18 * KB,
  /** Everything a visitor who scrolls the whole home page downloads: HTML, CSS, every script it can load, images, favicon. */
  homeTransfer: 200 * KB,
} as const;

/**
 * Elements in home's HTML, counted as a parser reads the document (989, 1% to spare); the header, footer and the shell's dialogs hold about 390 of them.
 */
export const HOME_ELEMENTS = 1_000;

/** Lighthouse 13 targets (mobile defaults, medians of 3 runs, served with compression). */
export const LIGHTHOUSE_TARGETS = {
  /** Performance score (0–100) on the key routes. */
  keyRoutePerformance: 100,
  /** Performance score on any route. */
  minPerformance: 98,
  lcpMs: 1500,
  tbtMs: 30,
  cls: 0.01,
  /** Accessibility, Best Practices and SEO scores on every route. */
  otherCategories: 100,
} as const;

/** The routes the benchmark measures by default; an article is added from the built route table. */
export const KEY_ROUTES = ["/", "/products", "/products/astroway", "/blog", "/installation"] as const;

/** Upper limit of the build-scaling benchmark (1,000 posts, 200 products, 500 projects). */
export const SCALING_BUILD_LIMIT_MS = 60_000;
