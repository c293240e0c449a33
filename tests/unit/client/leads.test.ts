import { describe, expect, test } from "vitest";
import { createSubmissionIds, type LeadResult, sendUntilSettled } from "../../../src/client/leads.ts";

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

describe("sendUntilSettled", () => {
  /** A server answering each attempt in turn; records which submission id each attempt carried. */
  const server = (...answers: LeadResult[]) => {
    const ids = createSubmissionIds(
      (() => {
        let n = 0;
        return () => `id-${++n}`;
      })(),
    );
    const sentWith: string[] = [];
    const send = async () => {
      sentWith.push(ids.idFor({ name: "Asha" }));
      return answers.shift() ?? { ok: false as const, error: "no more answers", status: 0 };
    };
    return { sentWith, settle: () => sendUntilSettled(send, () => ids.renew()) };
  };
  const kept = { ok: true as const, id: "id-1" };
  const answered = (status: number) => ({ ok: false as const, error: "x", status });

  test("should send a lead whose fate the answer left open (502, 503, 504) once more under the same id", async () => {
    for (const status of [502, 503, 504]) {
      const { sentWith, settle } = server(answered(status), kept);
      expect(await settle()).toEqual(kept);
      expect(sentWith).toEqual(["id-1", "id-1"]);
    }
  });

  test("should send a reused id's lead again under a new id, and take a refusal or a second open answer as final", async () => {
    const reused = server(answered(409), kept);
    expect(await reused.settle()).toEqual(kept);
    expect(reused.sentWith).toEqual(["id-1", "id-2"]);
    const invalid = server(answered(400), kept);
    expect(await invalid.settle()).toEqual(answered(400));
    expect(invalid.sentWith).toEqual(["id-1"]);
    const down = server(answered(503), answered(503), kept);
    expect(await down.settle()).toEqual(answered(503));
    expect(down.sentWith).toEqual(["id-1", "id-1"]);
  });
});
