import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { handlerNames } from "../../../server/load-handlers.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

describe("handlerNames", () => {
  test("should mount the form and newsletter handlers locally, not the retry sender or /admin's GitHub sign-in", async () => {
    expect(await handlerNames(ROOT)).toEqual([
      "send-contact-email",
      "send-installation-email",
      "send-product-inquiry",
      "subscribe",
    ]);
  });
});
