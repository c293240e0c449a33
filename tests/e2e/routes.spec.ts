import { builtRoutes, expect, test } from "./fixtures.ts";

const SITE_URL = "https://www.example.com";
const { pages } = builtRoutes();

test.describe("every route", () => {
  for (const route of pages) {
    test(`${route} answers 200 with a title, its canonical URL (none if noindex), one h1 and no console errors`, async ({
      page,
      consoleErrors,
    }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/\S/);
      // The search results page asks not to be indexed, so it names no canonical URL for search engines to index.
      const noindex = (await page.locator('meta[name="robots"][content*="noindex"]').count()) > 0;
      if (noindex) await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      else
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          `${SITE_URL}${route === "/" ? "/" : route}`,
        );
      await expect(page.locator("h1")).toHaveCount(1);
      await page.waitForLoadState("networkidle");
      expect(consoleErrors).toEqual([]);
    });
  }
});

test("a path with a trailing slash shows the same page", async ({ page }) => {
  const response = await page.goto("/about/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toContainText("About");
});

test("an unknown path answers 404 with the not-found page and logs the path", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (m) => logged.push(m.text()));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(logged.some((line) => line.includes("/no-such-page"))).toBe(true);
});

test("an unknown product answers 404 with Product Not Found and a way back", async ({ page }) => {
  const response = await page.goto("/products/no-such-product");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Products" })).toHaveAttribute("href", "/products");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("an unknown article answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("a crafted path of thousands of /_ segments answers 404 with the not-found page", async ({ request }) => {
  // 4,000 segments: an 8 KB URL, the most CloudFront forwards; the lookup stops at the segment cap.
  const response = await request.get("/_".repeat(4000));
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Oops! Page not found");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("pages are complete: products, articles and policies are readable", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("link", { name: "Astroway" }).first()).toBeVisible();
    await page.goto(`/blog/${pages.find((p) => p.startsWith("/blog/"))?.slice(6)}`);
    await expect(page.locator("article p").first()).toBeVisible();
    await page.goto("/refund");
    await expect(page.getByText("Last updated January 1, 2025")).toBeVisible();
  });
});

test("hashed assets are cached for a year, pages are revalidated", async ({ request }) => {
  const html = await request.get("/");
  expect(html.headers()["cache-control"]).toContain("must-revalidate");
  const src = (await html.text()).match(/src="(\/assets\/loader-[^"]+)"/)?.[1];
  expect(src).toBeDefined();
  const asset = await request.get(src ?? "");
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("the data pages fetch (search index, blog list) is revalidated like the pages, never an hour stale after a deploy", async ({
  request,
}) => {
  for (const url of ["/search-index.json", "/blog/posts.json"]) {
    const response = await request.get(url);
    expect(`${url} ${response.status()} ${response.headers()["content-type"]}`).toBe(
      `${url} 200 application/json; charset=utf-8`,
    );
    expect(response.headers()["cache-control"], url).toBe("public, max-age=0, must-revalidate");
  }
});

test("share images, icons and the web manifest are served with their types, and not as pages", async ({ request }) => {
  for (const [url, type] of [
    ["/og/products/esim.png", "image/png"],
    ["/og/products/404.png", "image/png"],
    ["/favicon.ico", "image/x-icon"],
    ["/apple-touch-icon.png", "image/png"],
    ["/site.webmanifest", "application/manifest+json"],
  ]) {
    const response = await request.get(url ?? "");
    expect(`${url} ${response.status()} ${response.headers()["content-type"]}`).toMatch(`${url} 200 ${type}`);
    expect(response.headers()["cache-control"]).not.toContain("immutable");
  }
});

test("responses are compressed", async ({ request }) => {
  const response = await request.get("/", { headers: { "accept-encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("the footer's Cookie Settings clears stored consent and reloads", async ({ page }) => {
  await page.goto("/about");
  await page.evaluate(() => localStorage.setItem("cookie-consent", "{}"));
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Cookie Settings" }).click()]);
  expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBeNull();
});
