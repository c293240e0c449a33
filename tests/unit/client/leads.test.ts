import { describe, expect, test } from "vitest";
import { createSubmissionIds } from "../../../src/client/leads.ts";

describe("createSubmissionIds", () => {
  const counter = () => {
    let n = 0;
    return () => `id-${++n}`;
  };

  test("should repeat the id for a retry of the same fields, in any key order", () => {
    const ids = createSubmissionIds(counter());
    expect(ids.idFor({ name: "Asha", email: "asha@example.org" })).toBe("id-1");
    expect(ids.idFor({ email: "asha@example.org", name: "Asha" })).toBe("id-1");
  });

  test("should make a new id when any field changed since the last attempt (a corrected lead is a new lead)", () => {
    const ids = createSubmissionIds(counter());
    ids.idFor({ name: "Asha", email: "asha@exmaple.org" });
    expect(ids.idFor({ name: "Asha", email: "asha@example.org" })).toBe("id-2");
    expect(ids.idFor({ name: "Asha", email: "asha@example.org" })).toBe("id-2");
  });

  test("should make a new id after renew (the lead was stored, or the server refused the id)", () => {
    const ids = createSubmissionIds(counter());
    ids.idFor({ name: "Asha" });
    ids.renew();
    expect(ids.idFor({ name: "Asha" })).toBe("id-2");
  });
});
