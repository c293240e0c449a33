import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import realSharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ContentErrors } from "../../build/errors.ts";
import { build } from "../../build/index.ts";
import { readSiteContent } from "../../build/read-content.ts";
import { cacheWarmedWith, contentWith, ROOT } from "../fixtures/content.ts";
import { addImage, editPost, padded, photo } from "../fixtures/images.ts";

/** Every call the build makes to sharp, counted: a warm build must make none. */
const calls = vi.hoisted(() => ({ sharp: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = await importOriginal<typeof import("sharp")>();
  const counted = new Proxy(real.default, {
    apply(target, self, args) {
      calls.sharp += 1;
      return Reflect.apply(target, self, args);
    },
  });
  return { ...real, default: counted };
});

const POST = "blog/quick-commerce-unit-economics.md";
const ARTICLE = "blog/quick-commerce-unit-economics/index.html";

/** The <picture> elements of a page, each with its sources' srcset and its <img>'s attributes. */
function pictures(html: string) {
  return [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map(([, inner = ""]) => {
    const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag)?.[1];
    const sources = [...inner.matchAll(/<source[^>]*>/g)].map(([tag]) => ({
      type: attr(tag, "type"),
      widths: (attr(tag, "srcset") ?? "").split(", ").map((entry) => Number(entry.split(" ")[1]?.replace("w", ""))),
      files: (attr(tag, "srcset") ?? "").split(", ").map((entry) => entry.split(" ")[0] ?? ""),
    }));
    const img = /<img[^>]*>/.exec(inner)?.[0] ?? "";
    return {
      sources,
      src: attr(img, "src"),
      alt: attr(img, "alt"),
      width: Number(attr(img, "width")),
      height: Number(attr(img, "height")),
      loading: attr(img, "loading"),
      fetchpriority: attr(img, "fetchpriority"),
    };
  });
}

describe("photos and screenshots in a build", () => {
  let work: string;
  let content: { dir: string; cleanup: () => Promise<void> };
  const log: string[] = [];
  let coldCalls = 0;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "images-"));
    content = await contentWith();
    // What an editor drops in: a 4000×3000 phone photo as a cover, a 2880×1800 screenshot in the body.
    await addImage(content.dir, "/images/blog/cover-photo.jpg", await photo(4000, 3000));
    await addImage(content.dir, "/images/blog/order-screen.png", await photo(2880, 1800, "png", 2));
    await editPost(
      path.join(content.dir, POST),
      { image: "/images/blog/cover-photo.jpg", imageAlt: "A courier handing a grocery bag over at a front door" },
      "\n![The order screen of the store app](/images/blog/order-screen.png)\n",
    );
    // Cold for photos only: the share cards, manuals, icons and markdown the photos do not change come warm.
    await cacheWarmedWith(path.join(work, "cache"), ["cards", "documentation", "icons", "markdown"]);
    calls.sharp = 0;
    await build({
      rootDir: ROOT,
      contentDir: content.dir,
      outDir: path.join(work, "cold"),
      cacheDir: path.join(work, "cache"),
      log: (line) => log.push(line),
    });
    coldCalls = calls.sharp;
  }, 300_000);
  afterAll(async () => {
    await content.cleanup();
    await rm(work, { recursive: true, force: true });
  });

  test("the article names AVIF and WebP of its cover and body image, none wider than the column at 2×, at their true size", async () => {
    const html = await readFile(path.join(work, "cold", ARTICLE), "utf8");
    const [cover, body] = pictures(html);
    expect(cover?.width).toBe(4000);
    expect(cover?.height).toBe(3000);
    expect(cover?.fetchpriority).toBe("high");
    expect(cover?.alt).toBe("A courier handing a grocery bag over at a front door");
    expect(body).toMatchObject({
      width: 2880,
      height: 1800,
      loading: "lazy",
      alt: "The order screen of the store app",
    });
    for (const picture of [cover, body]) {
      expect(picture?.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
      // The column is 760 CSS px: 1600 covers a 2× screen; the 4000 px source is never sent.
      for (const source of picture?.sources ?? []) expect(Math.max(...source.widths)).toBeLessThanOrEqual(1600);
    }
    // The files are what the srcset says: that width, and the source's shape.
    for (const source of cover?.sources ?? []) {
      for (const [i, file] of source.files.entries()) {
        const meta = await realSharp(await readFile(path.join(work, "cold", file))).metadata();
        expect(meta.format).toBe(source.type === "image/avif" ? "heif" : "webp");
        expect(meta.width).toBe(source.widths[i]);
        expect(meta.height).toBe(Math.round(((source.widths[i] ?? 0) * 3) / 4));
      }
    }
    expect(cover?.src).toMatch(/^\/images\/blog\/cover-photo\.\d+w\.jpg$/);
    expect(body?.src).toMatch(/^\/images\/blog\/order-screen\.\d+w\.png$/);
  });

  test("the cover's cards on other pages are pictures too, loaded lazily", async () => {
    const blog = pictures(await readFile(path.join(work, "cold", "blog/index.html"), "utf8"));
    expect(blog).toHaveLength(1);
    expect(blog[0]).toMatchObject({ width: 4000, height: 3000, loading: "lazy" });
    const index = JSON.parse(await readFile(path.join(work, "cold", "blog/posts.json"), "utf8")) as { image: string }[];
    expect(index.map((post) => post.image)).toContain("/images/blog/cover-photo.800w.webp");
  });

  test("the share card is drawn from the photo, as a JPEG chat apps preview", async () => {
    const bytes = await readFile(path.join(work, "cold", "og/covers/blog/cover-photo.jpg"));
    const card = await realSharp(bytes).metadata();
    expect([card.format, card.width, card.height]).toEqual(["jpeg", 1200, 630]);
    expect(bytes.length).toBeLessThanOrEqual(300_000);
  });

  test("a 4:3 cover gets a warning naming the file and the shape covers are shown at", () => {
    expect(log).toContain(
      "[warning] content/blog/quick-commerce-unit-economics.md:14 image: content/images/blog/cover-photo.jpg is 4000×3000 (4:3), and article covers are shown at 40:21 (1200×630): cards crop it; crop the image to 40:21 to choose what stays",
    );
  });

  test("a warm rebuild takes every image from the cache: no sharp call, the same files", async () => {
    expect(coldCalls).toBeGreaterThan(0);
    calls.sharp = 0;
    await build({
      rootDir: ROOT,
      contentDir: content.dir,
      outDir: path.join(work, "warm"),
      cacheDir: path.join(work, "cache"),
    });
    expect(calls.sharp).toBe(0);
    const images = async (out: string) => (await readdir(path.join(work, out, "images/blog"))).sort();
    expect(await images("warm")).toEqual(await images("cold"));
    const variant = "images/blog/cover-photo.800w.avif";
    expect(
      (await readFile(path.join(work, "warm", variant))).equals(await readFile(path.join(work, "cold", variant))),
    ).toBe(true);
  }, 300_000);
});

describe("image mistakes fail the build at the line that names the image", () => {
  /** The editor's lines for a copy of content/ after `prepare`. */
  async function errorsWith(prepare: (dir: string) => Promise<void>): Promise<string[]> {
    const fixture = await contentWith();
    try {
      await prepare(fixture.dir);
      await readSiteContent(fixture.dir);
      return [];
    } catch (error) {
      if (error instanceof ContentErrors)
        return error.issues.map((issue) => `${issue.file}:${issue.line} ${issue.field}: ${issue.message}`);
      throw error;
    } finally {
      await fixture.cleanup();
    }
  }

  test("a 25 MB cover", async () => {
    const errors = await errorsWith(async (dir) => {
      await addImage(dir, "/images/blog/huge.jpg", await padded(await photo(400, 300), 25 * 1024 * 1024));
      await editPost(path.join(dir, POST), { image: "/images/blog/huge.jpg", imageAlt: "A huge photo" });
    });
    expect(errors).toEqual([
      "content/blog/quick-commerce-unit-economics.md:14 image: content/images/blog/huge.jpg is 25 MB, over the 20 MB limit: export it again at most 4000 px on its longest side (JPEG quality about 80), usually under 3 MB",
    ]);
  });

  test("a 9000 px image and an image without alt text in a body", async () => {
    const errors = await errorsWith(async (dir) => {
      await addImage(
        dir,
        "/images/blog/panorama.png",
        await realSharp({ create: { width: 9000, height: 200, channels: 3, background: "#345" } })
          .png()
          .toBuffer(),
      );
      await addImage(dir, "/images/blog/screen.webp", await photo(1200, 800, "webp"));
      await editPost(
        path.join(dir, POST),
        {},
        "\nThe whole street:\n\n![A street of dark stores](/images/blog/panorama.png)\n\n![](/images/blog/screen.webp)\n",
      );
    });
    const lines = (await readFile(path.join(ROOT, "content", POST), "utf8")).trimEnd().split("\n").length;
    expect(errors).toEqual([
      `content/blog/quick-commerce-unit-economics.md:${lines + 4} image: content/images/blog/panorama.png is 9000×200 px, over the 8000 px limit on a side: resize it to at most 4000 px on its longest side; the build makes the smaller sizes`,
      `content/blog/quick-commerce-unit-economics.md:${lines + 6} image: ![](/images/blog/screen.webp) has no alt text: describe what it shows between the brackets, e.g. ![Checkout screen with two items](/images/blog/screen.webp)`,
    ]);
  });

  test("two photos whose names differ only in their extension, whose sized copies would overwrite each other", async () => {
    const errors = await errorsWith(async (dir) => {
      await addImage(dir, "/images/blog/launch.jpg", await photo(800, 420));
      await addImage(dir, "/images/blog/launch.png", await photo(600, 600, "png", 2));
    });
    expect(errors).toEqual([
      "content/images/blog/launch.jpg:undefined image: content/images/blog/launch.jpg and content/images/blog/launch.png differ only in their extension, so their sized copies (launch.800w.avif…) would be one file: rename one of them and its references",
    ]);
  });

  test("an article's photo cover without imageAlt", async () => {
    const errors = await errorsWith(async (dir) => {
      await addImage(dir, "/images/blog/rider.jpg", await photo(1200, 630));
      await editPost(path.join(dir, POST), { image: "/images/blog/rider.jpg" });
    });
    expect(errors).toEqual([
      expect.stringMatching(
        /^content\/blog\/quick-commerce-unit-economics\.md:\d+ image: content\/images\/blog\/rider\.jpg is a photo or screenshot and shows something: describe it in imageAlt/,
      ),
    ]);
  });

  test("a portfolio photo without imageAlt; the artwork drawn for the others needs none", async () => {
    const errors = await errorsWith(async (dir) => {
      await addImage(dir, "/images/portfolio/basketly.jpg", await photo(1600, 1000));
      const file = path.join(dir, "portfolio/basketly-quick-grocery.yaml");
      await writeFile(
        file,
        (await readFile(file, "utf8")).replace(/^color: .*$/m, "image: /images/portfolio/basketly.jpg"),
      );
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^content\/portfolio\/basketly-quick-grocery\.yaml:\d+ image: content\/images\/portfolio\/basketly\.jpg is a photo or screenshot and shows something: describe it in imageAlt/,
    );
  });
});
