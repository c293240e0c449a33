import { BYTE_BUDGETS, formatKb } from "../quality/budgets.ts";
import { expect, test } from "./fixtures.ts";
import { everyRoute } from "./site-routes.ts";

/** How long a visitor reads without touching anything. */
const IDLE_MS = 6000;

/**
 * Issue 15: no page fetches React (or any large script) before the visitor interacts. Each route is loaded and left
 * alone for six seconds, and the compressed bytes of every script response are added up as the browser received
 * them (body as transferred, plus headers). The code of the page's forms and search may be prefetched when the page
 * is idle (a low-priority rel=prefetch, not a script the page runs), but no island wakes.
 */
for (const [device, viewport] of [
  ["a phone", { width: 390, height: 844 }],
  ["a desktop", { width: 1440, height: 900 }],
] as const) {
  test.describe(`scripts fetched without interaction on ${device}`, () => {
    test.use({ viewport });

    for (const route of everyRoute()) {
      test(`${route} fetches at most ${formatKb(BYTE_BUDGETS.scriptBeforeInteraction)} of script in ${IDLE_MS / 1000} s`, async ({
        page,
      }) => {
        const fetched: Promise<string>[] = [];
        let bytes = 0;
        page.on("requestfinished", (request) => {
          if (request.resourceType() !== "script") return;
          fetched.push(
            request.sizes().then((sizes) => {
              bytes += sizes.responseBodySize + sizes.responseHeadersSize;
              return `${new URL(request.url()).pathname} (${sizes.responseBodySize} bytes)`;
            }),
          );
        });
        await page.goto(route);
        await page.waitForTimeout(IDLE_MS);
        const scripts = await Promise.all(fetched);
        expect(bytes, `${route} fetched ${formatKb(bytes)}: ${scripts.join(", ")}`).toBeLessThanOrEqual(
          BYTE_BUDGETS.scriptBeforeInteraction,
        );
        // Code prefetched for the forms and the search (issue 23) is fetched at the lowest priority and never run.
        await expect(page.locator("site-island[data-hydrated]")).toHaveCount(0);
      });
    }
  });
}
