/**
 * The flags every Chromium this repository starts gets (the browser tests, the benchmarks, the driverless prerender
 * check): no sandbox and no GPU (containers and CI machines have neither), no QUIC, and none of the browser's own
 * background traffic (first-run pages, component updates, sync), which would otherwise share the network and the CPU
 * with the page under test. A module of its own: playwright.config.ts makes a folder when imported.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
