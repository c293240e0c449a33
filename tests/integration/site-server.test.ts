import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createSiteServer } from "../../server/site-server.ts";

/** A dist/ of one page, its stylesheet and script, and the site's not-found view. */
async function smallSite(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), "site-server-"));
  await mkdir(path.join(dist, "assets"));
  const files: Record<string, string> = {
    "_routes.json": JSON.stringify({ pages: ["/"], notFound: {} }),
    "_csp.json": JSON.stringify({ scriptHashes: [] }),
    "index.html": "<!doctype html><title>Home</title>",
    "404.html": "<!doctype html><title>Not found</title>",
    "assets/index-1.css": "body{margin:0}",
    "assets/loader-1.js": "export {};",
  };
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dist, file), text);
  return dist;
}

const servers: Server[] = [];
const dists: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const dist of dists.splice(0)) await rm(dist, { recursive: true, force: true });
});

async function serve(pending?: Promise<unknown>) {
  const dist = await smallSite();
  dists.push(dist);
  const server = await createSiteServer({ distDir: dist, handlers: new Map(), pending });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { dist, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("the local server's headers", () => {
  test("a page carries the CSP and the document's headers; a stylesheet and a script only what acts on them", async () => {
    const { url } = await serve();
    const page = await fetch(`${url}/`);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    for (const asset of ["/assets/index-1.css", "/assets/loader-1.js"]) {
      const response = await fetch(`${url}${asset}`);
      expect(response.status, asset).toBe(200);
      for (const name of ["content-security-policy", "x-frame-options", "permissions-policy", "referrer-policy"])
        expect(response.headers.get(name), `${asset} ${name}`).toBeNull();
      expect(response.headers.get("x-content-type-options"), asset).toBe("nosniff");
      expect(response.headers.get("strict-transport-security"), asset).toContain("max-age=");
    }
  });
});

describe("serving while the build still writes (npm start)", () => {
  test("a file the build has not written yet is answered once it is, not with a 404", async () => {
    let finish = () => {};
    const building = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // Resolved when the server starts waiting for the build: the card is then surely missing when asked for.
    let serverWaits = () => {};
    const waiting = new Promise<void>((resolve) => {
      serverWaits = resolve;
    });
    const pending = new Proxy(building, {
      get(target, property) {
        if (property === "then") serverWaits();
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { dist, url } = await serve(pending);
    const card = fetch(`${url}/og/home.png`);
    await Promise.race([waiting, card]);
    await mkdir(path.join(dist, "og"));
    await writeFile(path.join(dist, "og/home.png"), "PNG");
    finish();
    const answer = await card;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("PNG");
    // Once the build is over, a file it never made is the not-found view at once.
    expect((await fetch(`${url}/og/none.png`)).status).toBe(404);
  });
});
