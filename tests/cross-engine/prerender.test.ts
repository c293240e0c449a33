import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium, pointer, type RecordingProxy, reportOf, startRecordingProxy } from "./chromium-driverless.ts";
import { BASE_URL } from "./driver.ts";
import { startXvfb } from "./xvfb.ts";

/**
 * Where they happen: the speculation rules prerender the page behind the link a pointer rests
 * on, the click shows that page without fetching it again, and the page counts its view when shown, not while
 * prerendered. Only a driverless Chromium prerenders (chromium-driverless.ts), so this runs one on Xvfb with xdotool's
 * pointer. The browser tests check the rules Chromium parses and the links it lists as candidates
 * (tests/e2e/navigation.spec.ts) and a page told it is prerendered (tests/e2e/prerendered.spec.ts); this checks that
 * they act: the CSP lets the rules run, no header or page script stops the prerender, the page shown is the
 * prerendered one, and Chromium's own prerendering wakes the page's analytics once, at activation.
 */

describe.skipIf(process.platform !== "linux")("a driverless Chromium (as visitors run it)", () => {
  let xvfb: { display: string; process: ChildProcess };
  let proxy: RecordingProxy;
  beforeAll(async () => {
    xvfb = await startXvfb();
    proxy = await startRecordingProxy({
      upstream: new URL(BASE_URL),
      link: 'main a[href="/contact"]',
      readMs: 500,
      // With analytics on and consented to, Google's tag is what a page view starts.
      measurementId: "G-TEST123",
    });
  });
  afterAll(async () => {
    await proxy?.close();
    xvfb?.process.kill();
  });

  /** Fresh browsers the test may open before it says Chromium declined (restOnLink says why). */
  const BROWSERS = 3;

  /**
   * Opens /about in a fresh Chromium and rests the pointer on its link to /contact, twice if need be; resolves with
   * the prerendered page's report, or undefined if Chromium declined both times. Chromium may decline a prerender for
   * reasons of its own (memory, its limits, a busy machine), which no page can prevent; a visitor would move the
   * pointer again. On a busy machine it was seen to decline for the whole session, in the build before the page swap
   * too (one launch in four with both cores busy; two launches in a row once, beside Firefox's journeys), hence fresh
   * browsers, up to BROWSERS.
   */
  async function restOnLink(browser: ReturnType<typeof launchChromium>) {
    const link = await browser.watch(
      proxy.next("/about shows its link to /contact", reportOf("/about", "link"), 15_000),
    );
    expect(link.href).toBe("/contact");
    const mouse = pointer(xvfb.display);
    await mouse.moveTo(link.x, link.y);
    await browser.watch(proxy.next("the pointer reaches the link", reportOf("/about", "pointer-on-link"), 5_000));
    // document.prerendering was still true at the prerendered page's load event.
    const loaded = reportOf("/contact", "prerender-loaded");
    const rested = (step: string) => browser.watch(proxy.next(step, loaded, 8_000)).catch(() => undefined);
    let prerendered = await rested("the pointer on the link prerenders /contact");
    if (!prerendered) {
      await mouse.moveTo(0, 0);
      await mouse.moveTo(link.x, link.y);
      prerendered = await rested("the pointer on the link, moved there again, prerenders /contact");
    }
    return { mouse, prerendered };
  }

  // Each step has its own limit, together under the test's: a slow step fails with its own name.
  test("prerenders the page a pointer rests on; the click shows it without fetching it again and counts its view then", async () => {
    const open = () => launchChromium({ url: `${proxy.url}/about`, display: xvfb.display, width: 390, height: 844 });
    let browser = open();
    try {
      let rested = await restOnLink(browser);
      for (let launches = 1; !rested.prerendered && launches < BROWSERS; launches++) {
        await browser.close();
        browser = open();
        rested = await restOnLink(browser);
      }
      const { mouse, prerendered } = rested;
      if (!prerendered)
        throw new Error(`Chromium did not prerender /contact for a resting pointer, in ${BROWSERS} browsers`);
      // Loaded in the background, and nothing counted yet.
      expect([prerendered.tags, prerendered.pageViews]).toEqual([0, 0]);
      const clickedAt = Date.now();
      await mouse.click();
      await browser.watch(proxy.next("the click on the link", reportOf("/about", "click"), 5_000));
      const shown = await browser.watch(proxy.next("the click shows /contact", reportOf("/contact", "shown"), 10_000));
      expect(shown.prerendered).toBe(true);
      // Shown: one page view, one request of Google's tag.
      expect([shown.tags, shown.pageViews]).toEqual([1, 1]);
      // Requested by the prerender, before the click (both times on this process's clock); never by the click.
      const requests = proxy.served.filter((served) => served.page === "/contact");
      expect(requests.filter((request) => request.at < clickedAt)).not.toHaveLength(0);
      expect(requests.filter((request) => request.at >= clickedAt)).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
