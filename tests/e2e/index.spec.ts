import type { Locator, Page } from "@playwright/test";
import { HERO_WORDS } from "../../src/components/home/hero-words.ts";
import { TIMINGS } from "../../src/lib/limits.ts";
import { typewriterCycle } from "../../src/lib/typewriter.ts";
import { asReturningVisitor, expect, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

const { site } = content;
const testimonialCount = content.testimonials.testimonials.length;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Freezes time before the page loads: timers, animation frames and idle callbacks only run when the test advances
 * the clock, so every step of a timing can be checked exactly.
 */
async function frozenClock(page: Page) {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
}

/** Picks a product in the explorer's list, as a visitor clicks its name. */
const choose = (explorer: Locator, name: string) =>
  explorer.getByRole("group", { name: "Choose an app" }).getByText(name, { exact: true }).click();

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/**
 * What the home page shows as loaded, and what its links and toggle do, in one visit: six tests each opened the page
 * to read one section. The blog teaser's link leaves the page, so it comes last.
 */
test("the home page's hero, more information, Why Choose, call to action and blog teaser", async ({
  page,
  consoleErrors,
}) => {
  test.slow(); // six tests' checks in one visit
  await page.setViewportSize(DESKTOP);
  await test.step("the heading names every rotating word for screen readers and crawlers", async () => {
    const html = await (await page.request.get("/")).text();
    expect(html).toContain("Startup Ideas, Mobile Apps and Web Platforms");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(
      "Launch Your Startup Ideas, Mobile Apps and Web Platforms in Days, Not Months",
    );
  });

  await test.step("the hero's buttons lead to the products and about pages; chips and achievements follow", async () => {
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    await expect(hero.getByRole("link", { name: "Explore Our Apps" })).toHaveAttribute("href", "/products");
    await expect(hero.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(hero.getByRole("listitem").filter({ hasText: /source code|White-label|Installation/ })).toHaveCount(3);
    for (const text of [
      `${site.company.clientCount}Happy Clients`,
      `${site.company.productCount}Products`,
      `${site.company.yearsExperience}Years Experience`,
      "24/7Support",
    ]) {
      await expect(hero.getByRole("listitem").filter({ hasText: text })).toHaveCount(1);
    }
  });

  await test.step("the Show More Information block is collapsed and toggles to Hide Information", async () => {
    const show = page.getByRole("button", { name: "Show More Information" });
    await expect(show).toHaveAttribute("aria-expanded", "false");
    const more = page.getByRole("heading", { name: "What you get with every app" });
    await expect(more).toBeHidden();
    await show.click();
    const hide = page.getByRole("button", { name: "Hide Information" });
    await expect(hide).toHaveAttribute("aria-expanded", "true");
    await expect(more).toBeVisible();
    await hide.click();
    await expect(page.getByRole("button", { name: "Show More Information" })).toHaveAttribute("aria-expanded", "false");
    await expect(more).toBeHidden();
  });

  await test.step("Why Choose shows six cards", async () => {
    const section = page.getByRole("region", { name: /^Why Choose/ });
    await expect(section.getByRole("heading", { level: 3 })).toHaveCount(6);
  });

  await test.step("the closing call to action leads to the products and the contact page", async () => {
    const cta = page.getByRole("region", { name: "Ready to Launch Your Own SaaS Business?" });
    await expect(cta.getByRole("link", { name: "Browse Products" })).toHaveAttribute("href", "/products");
    await expect(cta.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  await test.step("the blog teaser shows the first four featured posts, each linking to /blog/{slug}", async () => {
    const section = page.getByRole("region", { name: "Insights for SaaS Founders" });
    const posts = section.getByRole("article");
    await expect(posts).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      const post = posts.nth(i);
      await expect(post.getByRole("link")).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);
      await expect(post).toContainText(/(Technology|Business|Marketing)/);
      await expect(post.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await expect(post).toContainText(/\d+ min read/);
      await expect(post.locator("img")).toHaveCount(1);
    }
    // Excerpts on the large ones only: the first (large) and the last (wide) have a paragraph after the meta line.
    const paragraphs = (n: number) => posts.nth(n).getByRole("paragraph");
    await expect(paragraphs(0)).toHaveCount(2);
    await expect(paragraphs(1)).toHaveCount(1);
    await expect(paragraphs(2)).toHaveCount(1);
    await expect(paragraphs(3)).toHaveCount(2);
    await section.getByRole("article").first().getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await page.goBack();
    await expect(page.getByRole("link", { name: "Explore All Articles" })).toHaveAttribute("href", "/blog");
  });
  expect(consoleErrors).toEqual([]);
});

test.describe("hero", () => {
  test.use({ viewport: DESKTOP });

  test("the typewriter types at 100 ms, deletes at 50 ms and pauses 2000 ms on each word, with no framework", async ({
    page,
    consoleErrors,
  }) => {
    await frozenClock(page);
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 1 });
    const typed = heading.locator("[aria-hidden='true']").first();
    await expect(heading.locator("site-island")).toHaveCount(0);
    await expect(typed).toHaveText("Startup Ideas");

    await page.clock.runFor(1999);
    await expect(typed).toHaveText("Startup Ideas");
    await page.clock.runFor(1);
    await expect(typed).toHaveText("Startup Idea");
    await page.clock.runFor(50);
    await expect(typed).toHaveText("Startup Ide");
    await page.clock.runFor(11 * 50);
    await expect(typed).toHaveText("");
    await page.clock.runFor(100);
    await expect(typed).toHaveText("M");
    await page.clock.runFor(10 * 100);
    await expect(typed).toHaveText("Mobile Apps");
    await page.clock.runFor(2000 + 10 * 50 + 13 * 100);
    await expect(typed).toHaveText("Web Platforms");
    await page.clock.runFor(2000 + 12 * 50 + 13 * 100);
    await expect(typed).toHaveText("Startup Ideas");
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("the first screen on a phone", () => {
  test.use({ viewport: PHONE });

  test("shows both hero buttons without scrolling", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    for (const name of ["Explore Our Apps", "About Us"]) {
      const box = await hero.getByRole("link", { name }).boundingBox();
      expect(box, name).not.toBeNull();
      if (!box) continue;
      expect(box.y, name).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${name} ends above the fold`).toBeLessThanOrEqual(PHONE.height);
    }
  });

  test("the typewriter's line never looks empty and never moves the text below it, through a whole cycle", async ({
    page,
  }) => {
    await frozenClock(page);
    await page.goto("/");
    const typed = page.getByRole("heading", { level: 1 }).locator(".typewriter");
    /**
     * What the visitor sees of the line: its text, its height, the caret's look, and where the paragraph below starts.
     * Read in one call: the cycle has a step per character.
     */
    const look = () =>
      typed.evaluate((line) => {
        const caret = line.querySelector(".typewriter__caret");
        return {
          text: line.textContent ?? "",
          height: line.getBoundingClientRect().height,
          leadTop: document.querySelector(".home-hero__lead")?.getBoundingClientRect().top,
          caret: {
            width: caret?.getBoundingClientRect().width ?? 0,
            animation: caret && getComputedStyle(caret).animationName,
          },
        };
      });
    const first = await look();
    expect(first.text).toBe(HERO_WORDS[0]);
    const steps = typewriterCycle(HERO_WORDS, {
      typeMs: TIMINGS.typewriterTypeMs,
      deleteMs: TIMINGS.typewriterDeleteMs,
      pauseMs: TIMINGS.typewriterPauseMs,
    });
    let emptySeen = 0;
    // One step of the cycle at a time, then the first word again: every state the line goes through.
    for (const step of [...steps, steps[0]]) {
      if (!step) continue;
      await expect(typed).toHaveText(step.text);
      const now = await look();
      expect(now.height, `height with "${step.text}"`).toBe(first.height);
      expect(now.leadTop, `paragraph below with "${step.text}"`).toBe(first.leadTop);
      if (!step.text) {
        emptySeen++;
        // Only the caret is left: it is there and steady, not blinking out.
        expect(now.caret.width).toBeGreaterThan(0);
        expect(now.caret.animation).toBe("none");
      }
      await page.clock.runFor(step.ms);
    }
    expect(emptySeen).toBe(HERO_WORDS.length);
  });
});

test.describe("hero product carousel", () => {
  test.use({ viewport: DESKTOP });

  test("advances every 3000 ms, moves with its dots and links each slide to its product", async ({
    page,
    consoleErrors,
  }) => {
    await frozenClock(page);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Featured products" });
    const dot = (n: number) => carousel.getByRole("button", { name: new RegExp(`^Go to product ${n} of `) });
    await expect(dot(1)).toHaveAttribute("aria-current", "true");

    // Autoplay counts from the moment the carousel is in view (an IntersectionObserver says so, in real time).
    await expect(carousel).toHaveAttribute("data-playing", "");
    await page.clock.runFor(2999);
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(1);
    await expect(dot(2)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(3000);
    await expect(dot(3)).toHaveAttribute("aria-current", "true");

    await dot(6).click();
    await expect(dot(6)).toHaveAttribute("aria-current", "true");
    await expect(dot(3)).not.toHaveAttribute("aria-current", /.*/);

    const slides = carousel.getByRole("group");
    await expect(slides.first().getByRole("link")).toHaveAttribute("href", "/products/astroway");
    await expect(page.getByText("Click to explore")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("pauses while the pointer is over it or keyboard focus is inside it", async ({ page }) => {
    await frozenClock(page);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Featured products" });
    const current = (n: number) =>
      expect(carousel.getByRole("button", { name: new RegExp(`^Go to product ${n} of `) })).toHaveAttribute(
        "aria-current",
        "true",
      );
    await carousel.getByRole("group").first().hover();
    await page.clock.runFor(9000);
    await current(1);
    await page.mouse.move(5, 600);
    await page.clock.runFor(3000);
    await current(2);
    // A keyboard user reading the slide shown: it stays until focus leaves the carousel.
    const link = carousel.getByRole("group").nth(1).getByRole("link");
    await link.focus();
    await page.clock.runFor(9000);
    await current(2);
    await link.blur();
    await page.clock.runFor(3000);
    await current(3);
  });

  test("a slide opens its product page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Featured products" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/products\/astroway$/);
  });
});

test.describe("product explorer", () => {
  test.use({ viewport: DESKTOP });

  test("selects the first product and switches the detail panel when another is chosen", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    const explorer = page.getByRole("region", { name: "Explore Our Ready-Made Apps" });
    await expect(explorer.getByRole("radio", { name: "Astroway", exact: true })).toBeChecked();
    const panelTitle = (name: string) => explorer.getByRole("heading", { level: 3, name, exact: true });
    await expect(panelTitle("Astroway")).toBeVisible();
    await expect(panelTitle("eSIM")).toBeHidden();

    await choose(explorer, "eSIM");
    await expect(explorer.getByRole("radio", { name: "eSIM", exact: true })).toBeChecked();
    await expect(panelTitle("eSIM")).toBeVisible();
    await expect(panelTitle("Astroway")).toBeHidden();

    const panel = explorer.getByRole("article", { name: "eSIM" });
    await expect(panel.locator("img")).toBeVisible();
    // Its first six features: the list items that are not links.
    await expect(panel.getByRole("listitem").filter({ hasNot: page.getByRole("link") })).toHaveCount(6);
    await expect(panel.getByRole("link", { name: "View Details" })).toHaveAttribute("href", "/products/esim");
    await expect(panel.getByRole("link", { name: "Download Docs" })).toHaveAttribute(
      "href",
      "/docs/esim-documentation.pdf",
    );
    await expect(panel.getByRole("link", { name: "Request Installation" })).toHaveAttribute("href", "/installation");
    await expect(panel.getByRole("link", { name: "Get Support" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("the page holds the chosen product's panel only, and every other panel comes from one request", async ({
    page,
    consoleErrors,
  }) => {
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/products/explorer-panels.json")) fetched.push(request.url());
    });
    await page.goto("/");
    const explorer = page.getByRole("region", { name: "Explore Our Ready-Made Apps" });
    await expect(explorer.getByRole("article")).toHaveCount(1);
    await explorer.scrollIntoViewIfNeeded();
    for (const product of content.products.slice(1)) {
      await choose(explorer, product.name);
      await expect(explorer.getByRole("article", { name: product.name, exact: true })).toBeVisible();
      await expect(explorer.getByRole("article")).toHaveCount(1);
    }
    expect(fetched).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  test("with Save-Data the panels are fetched on the first choice, not ahead", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
      // Recorded as the page asks, not when the request shows on the wire: the check below runs right after.
      const asked: string[] = [];
      Object.assign(window, { askedPanels: asked });
      const fetchFirst = window.fetch;
      window.fetch = (input, init) => {
        if (String(input).endsWith("/products/explorer-panels.json")) asked.push(String(input));
        return fetchFirst(input, init);
      };
    });
    const asked = () => page.evaluate(() => (window as unknown as { askedPanels: string[] }).askedPanels.length);
    await page.goto("/");
    const explorer = page.getByRole("region", { name: "Explore Our Ready-Made Apps" });
    await explorer.scrollIntoViewIfNeeded();
    // Two frames: an intersection observer watching the explorer has had its callback by then.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await asked()).toBe(0);
    const second = content.products[1]?.name ?? "";
    await choose(explorer, second);
    await expect(explorer.getByRole("article", { name: second, exact: true })).toBeVisible();
    expect(await asked()).toBe(1);
  });

  test("arrow keys move through the products", async ({ page }) => {
    await page.goto("/");
    const explorer = page.getByRole("region", { name: "Explore Our Ready-Made Apps" });
    await explorer.getByRole("radio", { name: "Astroway", exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(explorer.getByRole("radio", { name: "eSIM", exact: true })).toBeChecked();
    await expect(explorer.getByRole("heading", { level: 3, name: "eSIM", exact: true })).toBeVisible();
  });

  test("the buy control follows each product's rule", async ({ page, consoleErrors }) => {
    // Three products' controls, a dropdown and the purchase dialog's form waking: it ran out of 30 s on a loaded
    // machine before and after the suite's other changes (35 s, timed out).
    test.slow();
    await page.goto("/");
    const explorer = page.getByRole("region", { name: "Explore Our Ready-Made Apps" });
    const panel = (name: string) => explorer.getByRole("article", { name });

    // Neither sold directly nor several options: the marketplace page in a new tab.
    const market = panel("Astroway").getByRole("link", { name: "Buy on CodeCanyon" });
    await expect(market).toHaveAttribute("href", /^https:\/\//);
    await expect(market).toHaveAttribute("target", "_blank");

    // Several purchase options: a dropdown whose entries open in a new tab.
    await choose(explorer, "eSIM");
    const dropdown = panel("eSIM").getByRole("button", { name: "Buy on CodeCanyon" });
    await dropdown.click();
    await expect(dropdown).toHaveAttribute("aria-expanded", "true");
    const option = panel("eSIM").getByRole("link", { name: /Website Version/ });
    await expect(option).toHaveAttribute("target", "_blank");
    await expect(option).toContainText("Customer website and admin panel");
    await page.keyboard.press("Escape");
    await expect(option).toBeHidden();

    // Sold directly: Buy Now opens the product inquiry dialog with the inquiry form.
    await choose(explorer, "Legalway");
    await panel("Legalway").getByRole("button", { name: "Buy Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Buy Legalway" });
    await expect(dialog).toBeVisible();
    for (const label of ["Name", "Email", "Mobile", "Company (optional)", "Message"]) {
      await expect(dialog.getByLabel(label)).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(page.getByText("Please fill in all required fields")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test("a product sold directly brings its purchase dialog with its panel: it is titled and sends the product", async ({
    page,
    consoleErrors,
  }) => {
    // A panel fetched, a dialog opened and its form waking before it sends: it ran out of 30 s once on a loaded machine.
    test.slow();
    const sold = content.products.filter((product) => product.sellDirectly);
    const last = sold.at(-1);
    if (!last || sold.length < 2) throw new Error("The catalogue needs two products sold directly");
    await page.goto("/");
    const explorer = page.getByRole("region", { name: "Explore Our Ready-Made Apps" });
    await expect(page.locator("dialog.product-inquiry-dialog")).toHaveCount(0);
    await explorer.scrollIntoViewIfNeeded();
    await choose(explorer, last.name);
    await expect(page.locator("dialog.product-inquiry-dialog")).toHaveCount(1);
    await explorer.getByRole("article", { name: last.name }).getByRole("button", { name: "Buy Now" }).click();
    const dialog = page.getByRole("dialog", { name: `Buy ${last.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(last.directSaleDescription ?? "");
    await dialog.getByLabel("Name").fill("Ada Lovelace");
    await dialog.getByLabel("Email").fill("ada@example.com");
    await dialog.getByLabel("Mobile").fill("+91 98765 43210");
    await dialog.getByLabel("Message").fill(`We would like to buy ${last.name}.`);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/send-product-inquiry"));
    await dialog.getByRole("button", { name: "Submit Inquiry" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ product: last.name });
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("testimonials", () => {
  test("all testimonials loop automatically every 4000 ms, three per view on desktop", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(DESKTOP);
    await frozenClock(page);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    const slide = (n: number) => carousel.getByRole("group", { name: `${n} of ${testimonialCount}`, exact: true });
    await expect(carousel.getByRole("group")).toHaveCount(testimonialCount);
    await expect(slide(1)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(3)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(4)).not.toBeInViewport();

    // Autoplay counts from the moment the carousel is in view (an IntersectionObserver says so, in real time).
    await expect(carousel).toHaveAttribute("data-playing", "");
    await page.clock.runFor(3999);
    await expect(slide(1)).toBeInViewport({ ratio: 0.9 });
    await page.clock.runFor(1 + 1000); // the timer, then the slide animation
    await expect(slide(4)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(1)).not.toBeInViewport();

    // Looping: once the last three are in view, it starts over at the first.
    await page.clock.runFor((testimonialCount - 4) * 4000);
    await expect(slide(testimonialCount)).toBeInViewport({ ratio: 0.9 });
    await page.clock.runFor(4000);
    await expect(slide(1)).toBeInViewport({ ratio: 0.9 });
    expect(consoleErrors).toEqual([]);
  });

  test("shows one testimonial per view on a phone and two on a tablet", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    const width = async (n: number) => (await carousel.getByRole("group").nth(n).boundingBox())?.width ?? 0;
    const viewport = async () => (await carousel.boundingBox())?.width ?? 0;
    expect(Math.round((await viewport()) / (await width(0)))).toBe(1);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(async () => Math.round((await viewport()) / (await width(0)))).toBe(2);
  });

  test("the arrows move between testimonials", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await expect(carousel.getByRole("group", { name: `2 of ${testimonialCount}`, exact: true })).toBeInViewport({
      ratio: 0.9,
    });
  });
});

test.describe("portfolio teaser", () => {
  test.use({ viewport: DESKTOP });

  test("shows each project's facts, advances every 4000 ms and moves with its dots", async ({
    page,
    consoleErrors,
  }) => {
    await frozenClock(page);
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Portfolio projects" });
    await carousel.scrollIntoViewIfNeeded();
    const dot = (n: number) => carousel.getByRole("button", { name: new RegExp(`^Go to project ${n} of `) });
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    // Autoplay counts from the moment the carousel is in view (an IntersectionObserver says so, in real time).
    await expect(carousel).toHaveAttribute("data-playing", "");
    await page.clock.runFor(3999);
    await expect(dot(1)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(1);
    await expect(dot(2)).toHaveAttribute("aria-current", "true");
    await dot(4).click();
    await expect(dot(4)).toHaveAttribute("aria-current", "true");

    const first = carousel.getByRole("group").first();
    await expect(first.getByRole("heading", { level: 3 })).toBeVisible();
    await expect(first).toContainText(/20\d\d/);
    await expect(first).toContainText("Client:");
    const technologies = await first.getByRole("list", { name: "Technologies" }).getByRole("listitem").count();
    expect(technologies).toBeGreaterThan(0);
    expect(technologies).toBeLessThanOrEqual(4);

    const withProject = carousel.getByRole("link", { name: "View Project" }).first();
    await expect(withProject).toHaveAttribute("target", "_blank");
    await expect(carousel.getByRole("link", { name: "View Product" }).first()).toHaveAttribute(
      "href",
      /^\/products\/[a-z0-9-]+$/,
    );
    await expect(page.getByRole("link", { name: "View All Projects" })).toHaveAttribute("href", "/portfolio");
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("reduced motion", () => {
  test.use({ viewport: DESKTOP, reducedMotion: "reduce" });

  test("the typewriter and carousels stay still and the slides stay reachable", async ({ page }) => {
    await frozenClock(page);
    await page.goto("/");
    await page.clock.runFor(200);
    const heading = page.getByRole("heading", { level: 1 });
    const carousel = page.getByRole("region", { name: "Featured products" });
    await page.clock.runFor(10_000);
    await expect(heading.locator("[aria-hidden='true']").first()).toHaveText("Startup Ideas");
    await expect(carousel.getByRole("button", { name: /^Go to product 1 of / })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await carousel.getByRole("button", { name: /^Go to product 4 of / }).click();
    await expect(carousel.getByRole("group").nth(3)).toBeInViewport({ ratio: 0.9 });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  test("the home page is complete: heading, products, testimonials, projects and articles", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Startup Ideas");
    await expect(page.getByRole("region", { name: "Featured products" }).getByRole("link").first()).toBeVisible();
    const explorer = page.getByRole("region", { name: "Explore Our Ready-Made Apps" });
    await expect(explorer.getByRole("heading", { level: 3, name: "Astroway", exact: true })).toBeVisible();
    // The other products' panels are put in place by script; without it their pages are one link away.
    await expect(explorer.getByRole("link", { name: "browse all apps" })).toHaveAttribute("href", "/products");
    await expect(page.getByRole("region", { name: "Client testimonials" }).getByRole("group")).toHaveCount(
      testimonialCount,
    );
    await expect(page.getByRole("region", { name: "Insights for SaaS Founders" }).getByRole("article")).toHaveCount(4);
  });
});
