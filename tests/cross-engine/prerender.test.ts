import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  launchChromium,
  pointer,
  type RecordingProxy,
  type Report,
  startRecordingProxy,
} from "./chromium-driverless.ts";
import { BASE_URL } from "./driver.ts";
import { startXvfb } from "./xvfb.ts";

/**
 * Issue 35, item 1, where it happens: the speculation rules prerender the page behind the link a pointer rests on, and
 * the click shows that page without fetching it again. Only a Chromium that nothing drives prerenders (see
 * chromium-driverless.ts), so this runs one on Xvfb with xdotool's pointer; the browser tests check the rules Chromium
 * parses and the links it lists (tests/e2e/navigation.spec.ts), this checks that they act: the CSP lets them run, no
 * header or page script stops the prerender, and the page shown is the prerendered one.
 */
describe.skipIf(process.platform !== "linux")("Chromium with nothing attached (as visitors run it)", () => {
  let xvfb: { display: string; process: ChildProcess };
  let proxy: RecordingProxy;
  beforeAll(async () => {
    xvfb = await startXvfb();
    proxy = await startRecordingProxy({ upstream: new URL(BASE_URL), link: 'main a[href="/contact"]', readMs: 500 });
  });
  afterAll(async () => {
    await proxy?.close();
    xvfb?.process.kill();
  });

  test("prerenders the page a pointer rests on, and the click shows it without fetching it again", async () => {
    const browser = launchChromium({ url: `${proxy.url}/about`, display: xvfb.display, width: 390, height: 844 });
    try {
      const link = await proxy.next(
        "/about shows its link to /contact",
        (report): report is Extract<Report, { kind: "link" }> => report.kind === "link" && report.page === "/about",
      );
      expect(link.href).toBe("/contact");
      const mouse = pointer(xvfb.display);
      await mouse.moveTo(link.x, link.y);
      // The prerender has loaded in the background (document.prerendering was still true at its load event).
      await proxy.next(
        "the pointer on the link prerenders /contact",
        (report): report is Extract<Report, { kind: "prerendered" }> =>
          report.kind === "prerendered" && report.page === "/contact",
      );
      await mouse.click();
      const shown = await proxy.next(
        "the click shows /contact",
        (report): report is Extract<Report, { kind: "shown" }> => report.kind === "shown" && report.page === "/contact",
      );
      const click = proxy.reports.find(
        (report): report is Extract<Report, { kind: "click" }> => report.kind === "click" && report.page === "/about",
      );
      expect(shown.prerendered).toBe(true);
      expect(click).toBeDefined();
      // Requested once, by the prerender, before the click; never again by the click.
      const contactRequests = proxy.served.filter((served) => served.page === "/contact");
      expect(contactRequests).toHaveLength(1);
      expect(contactRequests[0]?.at).toBeLessThan(click?.at ?? 0);
    } finally {
      await browser.close();
    }
  });
});
