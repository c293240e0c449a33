import { describe, expect, test } from "vitest";
import { edgeTable, MAX_SEGMENTS, resolveRequest } from "../../../src/lib/routing.ts";
import { ROUTING_CASES, ROUTING_TABLE as TABLE } from "../../fixtures/routing-cases.ts";

describe("resolveRequest", () => {
  test.each(ROUTING_CASES)("serves %s from %s with status %i", (path, file, status) => {
    expect(resolveRequest(path, TABLE)).toEqual({ file, status });
  });

  test("treats a path with and without trailing slash as the same page", () => {
    expect(resolveRequest("/blog/first-post/", TABLE)).toEqual(resolveRequest("/blog/first-post", TABLE));
  });

  test("answers a path deeper than the segment cap with the site's not-found page, even inside a folder with its own", () => {
    const atCap = `/products${"/x".repeat(MAX_SEGMENTS - 1)}`;
    expect(resolveRequest(atCap, TABLE)).toEqual({ file: "/products/_404.html", status: 404 });
    expect(resolveRequest(`${atCap}/x`, TABLE)).toEqual({ file: "/404.html", status: 404 });
  });

  test("answers 8,000 /_ segments, the request that took seconds before, with the site's not-found page", () => {
    expect(resolveRequest("/_".repeat(8000), TABLE)).toEqual({ file: "/404.html", status: 404 });
    expect(resolveRequest(`/products${"/_".repeat(8000)}`, TABLE)).toEqual({ file: "/404.html", status: 404 });
  });

  test("refuses dot segments, which a CDN or bucket could normalise into another path", () => {
    expect(resolveRequest("/./about", TABLE)).toEqual({ file: "/404.html", status: 404 });
    expect(resolveRequest("/about/%2e%2e/products/esim", TABLE)).toEqual({ file: "/404.html", status: 404 });
  });
});

describe("edgeTable", () => {
  test("lists only the pages below a folder with its own not-found view, so the blog can grow without limit", () => {
    const blog = Array.from({ length: 1000 }, (_, i) => `/blog/post-${i}`);
    const edge = edgeTable({ ...TABLE, pages: [...TABLE.pages, ...blog] });
    expect(edge.listed).toEqual(["/products/esim"]);
    expect(edge.notFound).toEqual(TABLE.notFound);
    expect(edge.viewDepth).toBe(1);
  });
});
