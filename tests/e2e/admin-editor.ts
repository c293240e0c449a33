import { expect as playwrightExpect, type Locator, type Page } from "@playwright/test";
import { parse } from "yaml";
import { photo } from "../fixtures/images.ts";

/** Decap answers in seconds on a 2-core machine running two browsers and the dev server's rebuilds, not in 5. */
const expect = playwrightExpect.configure({ timeout: 20_000 });

/**
 * The editor's moves in /admin that admin.spec.ts (decap-server writing content/) and admin-workflow.spec.ts (a branch
 * per entry) both make, with the clicks counted for the notes (what publishing from /admin costs an editor).
 */
export class AdminEditor {
  clicks = 0;
  /** Every response /admin received, by URL, in bytes. */
  readonly loaded = new Map<string, number>();
  readonly #problems: string[] = [];

  constructor(readonly page: Page) {
    page.on("requestfinished", (request) => {
      // A request that finishes as the test closes the page has no size left to read, and nothing counts it by then.
      request.sizes().then(
        (sizes) => this.loaded.set(request.url(), sizes.responseBodySize),
        () => undefined,
      );
    });
    page.on("pageerror", (error) => this.#problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") this.#problems.push(message.text());
    });
  }

  async click(target: Locator): Promise<void> {
    this.clicks += 1;
    await target.click();
  }

  /** Opens /admin and signs in to the local backend, with no error on the console. */
  async open(base: string): Promise<void> {
    await this.page.goto(`${base}/admin/`);
    await this.click(this.page.getByRole("button", { name: "Login" }));
    await expect(this.page.getByRole("link", { name: "Articles" })).toBeVisible({ timeout: 30_000 });
    expect(this.#problems).toEqual([]);
  }

  /**
   * From the list of articles: "New Article", every required field, a photo cover of `width`×`height` with its alt
   * text, and a line of body text; the preview shows the title and the photo before anything is saved.
   */
  async writePost(post: { slug: string; title: string; cover: string; width: number; height: number }) {
    const page = this.page;
    await this.click(page.getByRole("link", { name: /Article$/ }));
    // The id is made from the slug: the editor types it once.
    await page.getByLabel("Slug (optional)", { exact: true }).fill(post.slug);
    await page.getByLabel("Title", { exact: true }).fill(post.title);
    await page.getByLabel("Excerpt", { exact: true }).fill("An article an editor wrote at /admin, with a photo.");
    await this.click(page.getByLabel("Category", { exact: true }));
    await this.click(page.getByText("Business", { exact: true }));
    await page.getByLabel("Name", { exact: true }).fill("Ananya Rao");
    await page.getByLabel("Avatar", { exact: true }).fill("AR");
    await page.getByLabel("Bio", { exact: true }).fill("Ananya writes about launching apps.");
    await page.getByLabel("Date", { exact: true }).fill("2026-11-20");
    await this.click(page.getByRole("button", { name: "Choose an image" }));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: post.cover, mimeType: "image/jpeg", buffer: await photo(post.width, post.height) });
    await this.click(page.getByRole("button", { name: "Choose selected" }));
    await page.getByLabel("Image alt (optional)", { exact: true }).fill("A hillside at dawn");
    // The preview is the article as the site draws it, with the photo just picked (not on the server yet).
    const preview = page.frameLocator("iframe");
    await expect(preview.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    // Drawn, not a broken image: in the control's thumbnail and in the preview.
    const drawn = (img: Locator) => expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth));
    await drawn(page.locator(`img[src^="blob:"]`).first()).toBeGreaterThan(0);
    await drawn(preview.getByRole("img", { name: "A hillside at dawn" })).toBeGreaterThan(0);
  }

  /** Every required field of a new article but its id, slug, date and cover. */
  async fillPost(post: { title: string }): Promise<void> {
    const page = this.page;
    await page.getByLabel("Title", { exact: true }).fill(post.title);
    await page.getByLabel("Excerpt", { exact: true }).fill("An article an editor wrote at /admin.");
    await this.click(page.getByLabel("Category", { exact: true }));
    await this.click(page.getByText("Business", { exact: true }));
    await page.getByLabel("Name", { exact: true }).fill("Ananya Rao");
    await page.getByLabel("Avatar", { exact: true }).fill("AR");
    await page.getByLabel("Bio", { exact: true }).fill("Ananya writes about launching apps.");
    await this.click(page.getByRole("button", { name: "Choose an image" }));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 5"><rect width="8" height="5"/></svg>';
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "cover.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
    await this.click(page.getByRole("button", { name: "Choose selected" }));
  }

  /** Writes markdown (a table, say) into the body in the editor's markdown mode. */
  async writeTable(markdown: string): Promise<void> {
    // Decap's mode switch has no name of its own: it sits between the words Rich Text and Markdown.
    const rich = this.page.getByText("Rich Text", { exact: true });
    await this.click(rich.locator("xpath=following-sibling::*[@role='switch'][1]"));
    await this.replaceBody("", markdown);
  }

  /** Types `markdown` over the body that says `before`, in the mode the editor is in, as a person would. */
  async replaceBody(before: string, markdown: string): Promise<void> {
    await this.click(this.page.locator('[data-slate-editor="true"]').last());
    await this.page.keyboard.press("ControlOrMeta+End");
    for (const _ of before) await this.page.keyboard.press("Backspace");
    for (const [i, line] of markdown.split("\n").entries()) {
      if (i) await this.page.keyboard.press("Enter");
      await this.page.keyboard.type(line);
    }
  }

  /** Types a line into the markdown body. */
  async writeBody(text: string): Promise<void> {
    await this.click(this.page.locator('[data-slate-editor="true"]'));
    await this.page.keyboard.type(text);
  }
}

/** The front matter of a markdown file, parsed from YAML (the schema's to check). */
export function frontMatter(text: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return parse(match?.[1] ?? "");
}
