import { describe, expect, test } from "vitest";
import { resolveRequest } from "../../../src/lib/routing.ts";
import { ROUTING_CASES, ROUTING_TABLE as TABLE } from "../../fixtures/routing-cases.ts";

describe("resolveRequest", () => {
  test.each(ROUTING_CASES)("serves %s from %s with status %i", (path, file, status) => {
    expect(resolveRequest(path, TABLE)).toEqual({ file, status });
  });

  test("treats a path with and without trailing slash as the same page", () => {
    expect(resolveRequest("/blog/first-post/", TABLE)).toEqual(resolveRequest("/blog/first-post", TABLE));
  });
});
