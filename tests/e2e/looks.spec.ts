import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { renderMarkdown } from "../../build/markdown.ts";
import { asReturningVisitor, builtRoutes, expect, test } from "./fixtures.ts";
import { expectPicture, pinFonts } from "./pictures.ts";
import { expectReadableText, textAxeCannotTell } from "./readable-text.ts";
import { content } from "./site-content.ts";

/**
 * What a visitor sees: a full-page screenshot of every page template at a phone's and a desktop's width, light and
 * dark, against baselines in looks.spec.ts-snapshots/, compared by pictures.ts (bundled fonts, whole-pixel clips, a
 * tolerance measured across Chromium builds). A change that moves pixels on purpose, or a browser update that moves
 * them legitimately, is accepted by looking at the new pictures and running
 * `npx playwright test tests/e2e/looks.spec.ts --update-snapshots`.
 *
 * Moving parts stand still: the clock is Playwright's (carousels and the typewriter stay on their first slide and
 * word), consent is given and the WhatsApp popup already seen, CSS animations are finished and the caret hidden, and
 * lazy images are loaded before the picture is taken. At a phone's width, text axe cannot judge (over gradients and
 * pictures) is also measured against the pixels behind it, in both themes (readable-text.ts).
 */

const { pages } = builtRoutes();
const { posts } = content;
const firstOf = (prefix: string) => {
  const found = pages.find((page) => page.startsWith(prefix) && page.length > prefix.length);
  if (!found) throw new Error(`no page under ${prefix} in the build`);
  return found;
};

/**
 * One page of each template (a template's other pages differ in content only) and, for some, small parts whose fault
 * is too few pixels of a whole page to fail it, shot on their own after the page.
 */
const TEMPLATES: {
  name: string;
  url: string;
  /** What shows once the page's islands have done their work (the held clock is moved until it does). */
  ready?: (page: Page) => Locator;
  parts?: (page: Page, width: number) => Promise<void>;
}[] = [
  { name: "home", url: "/", parts: ratingStars },
  { name: "products", url: "/products" },
  { name: "product", url: firstOf("/products/") },
  { name: "product-not-found", url: "/products/no-such-product" },
  { name: "about", url: "/about" },
  { name: "portfolio", url: "/portfolio" },
  { name: "blog", url: "/blog" },
  { name: "article", url: firstOf("/blog/"), parts: codeAndTables },
  { name: "installation", url: "/installation" },
  { name: "contact", url: "/contact" },
  { name: "faq", url: "/faq" },
  { name: "policy", url: "/privacy" },
  { name: "search", url: "/search?q=refund", ready: (page) => page.locator("a.search-hit").first() },
  { name: "not-found", url: "/no-such-page" },
  { name: "newsletter-confirm", url: "/newsletter/confirm?token=looks-spec" },
  { name: "newsletter-outcome", url: "/newsletter/confirmed" },
];

/** A fixed moment, so nothing a script reads from the clock differs between runs. */
const NOW = new Date("2026-06-15T10:00:00Z");

/** A long line of code and an aligned table through the real markdown stage (no published post has them yet). */
const CODE_AND_TABLES = readFileSync(path.resolve(import.meta.dirname, "../fixtures/prose/code-and-tables.md"), "utf8");

// A full-page picture of a long page takes seconds on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await pinFonts(page);
  await asReturningVisitor(page, "2026-06-01T00:00:00.000Z");
  // Held still from the start: time moves only when open() moves it, however slowly the page loads.
  await page.clock.install({ time: NOW });
  await page.clock.pauseAt(NOW.getTime() + 1000);
});

/** Opens a page with the clock held, lets its islands wake (the loader waits for an idle moment), loads every image. */
async function open(page: Page, url: string): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(url);
  // Under the typewriter's 2 s hold on its first word and the carousels' first turn.
  await page.clock.runFor(1000);
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

/** The build's year in the footer changes each January: hidden, not compared. */
const year = (page: Page) => [page.locator(".site-footer__copyright")];

/**
 * The whole page light, and dark: whole on a phone, its first screen on a desktop. The desktop's dark page is the
 * light page's layout in the phone's dark colours, both shot whole, and every-template.spec.ts scans its contrast
 * whole; a whole second picture of a long desktop page cost more than any other check here.
 */
async function expectLooks(page: Page, name: string, width: number): Promise<void> {
  await expectPicture(page, test.info(), `${name}-${width}-light.png`, { mask: year(page) });
  await page.emulateMedia({ colorScheme: "dark" });
  const of = width === PHONE_WIDTH ? undefined : "window";
  await expectPicture(page, test.info(), `${name}-${width}-dark.png`, { mask: year(page), of });
}

/** The first testimonial's rating: five separate stars (not one smear of lines back to the first). */
async function ratingStars(page: Page, width: number): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  const stars = page.locator(".testimonial-card__stars").first();
  await expectPicture(page, test.info(), `stars-${width}.png`, { of: stars });
}

/** An article's code block and aligned table (no published post has them yet), light and dark. */
async function codeAndTables(page: Page, width: number): Promise<void> {
  const { html } = await renderMarkdown(CODE_AND_TABLES, "code-and-tables.md");
  const prose = page.locator("article .prose");
  await prose.evaluate((element, body) => {
    element.innerHTML = body;
  }, html);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectPicture(page, test.info(), `code-and-tables-${width}-${colorScheme}.png`, { of: prose });
  }
}

/** The end of the scroll, where the floating Contact us button stands beside the footer's last lines, light and dark. */
async function footerAtTheBottom(page: Page, width: number): Promise<void> {
  await open(page, "/about");
  // The copyright line is what must stay clear of the button, so it is shown, with the build's year held still.
  await page.getByRole("contentinfo").evaluate((footer) => {
    const walker = document.createTreeWalker(footer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      node.textContent = node.textContent?.replace(/© \d{4}/, "© 2026") ?? "";
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
  });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectPicture(page, test.info(), `footer-${width}-${colorScheme}.png`, { of: "window" });
  }
}

/** A published article's table, whole words scrolling inside its box, and the paragraph after it, light and dark. */
async function articleTable(page: Page, width: number): Promise<void> {
  const withTable = posts.find((post) => post.html.includes("<table>"));
  if (!withTable) throw new Error("no published post has a table");
  await open(page, `/blog/${withTable.slug}`);
  // On the whole page, where the header and the floating button stand elsewhere; the box's height is the table's.
  const clip = await page
    .getByRole("group", { name: "Table" })
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const after = element.nextElementSibling?.getBoundingClientRect() ?? box;
      const top = box.top + window.scrollY - 8;
      return { x: 0, y: top, width: document.documentElement.clientWidth, height: after.bottom - box.top + 16 };
    });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectPicture(page, test.info(), `article-table-${width}-${colorScheme}.png`, { of: clip });
  }
}

const PHONE_WIDTH = 390;

for (const viewport of [
  { width: PHONE_WIDTH, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { name, url, ready, parts } of TEMPLATES) {
      test(`${name} (${url}) looks as it did, light and dark`, async ({ page }) => {
        await open(page, url);
        // An island that woke late on a busy machine waits on the held clock (the loader's frame, the search's
        // index): move it on in small steps until the island's answer shows, as the real clock would.
        if (ready)
          await expect
            .poll(async () => {
              await page.clock.runFor(100);
              return ready(page).isVisible();
            })
            .toBe(true);
        await expectLooks(page, name, viewport.width);
        await parts?.(page, viewport.width);
        // Text over gradients and pictures, which axe cannot judge, measured on the pixels: on a phone, in both themes.
        if (viewport.width === PHONE_WIDTH) {
          await page.emulateMedia({ colorScheme: "light" });
          const selectors = await textAxeCannotTell(page);
          for (const colorScheme of ["light", "dark"] as const) {
            await page.emulateMedia({ colorScheme });
            await expectReadableText(page, `${name} (${url}), ${colorScheme}`, selectors);
          }
        }
      });
    }

    test("the footer beside the floating button and an article's table look as they did, light and dark", async ({
      page,
    }) => {
      await footerAtTheBottom(page, viewport.width);
      await articleTable(page, viewport.width);
    });
  });
}
