import { createHash } from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  createSubmissionIds,
  type LeadResult,
  newSubmissionId,
  sendLead,
  sendUntilSettled,
} from "../../../src/client/leads.ts";
import { TIMINGS } from "../../../src/lib/limits.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newSubmissionId", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("should make a random v4 UUID, also where randomUUID is missing (a plain-http preview)", () => {
    expect(newSubmissionId()).toMatch(UUID_V4);
    const bytes = [0xff, 0x00, 0x12, 0x34, 0x56, 0x78, 0xff, 0xab, 0xff, 0xcd, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06];
    vi.stubGlobal("crypto", { getRandomValues: (array: Uint8Array) => array.fill(0).map((_, i) => bytes[i] ?? 0) });
    expect(newSubmissionId()).toBe("ff001234-5678-4fab-bfcd-010203040506");
  });
});

describe("sendLead", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** fetch answering `answer`; records each request. */
  const serve = (answer: () => Promise<Response>) => {
    const requests: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return answer();
    });
    return requests;
  };
  const json =
    (body: unknown, status = 200) =>
    async () =>
      new Response(JSON.stringify(body), { status });

  test("should POST the lead as JSON with the SHA-256 of its body, and read the stored lead's id", async () => {
    const requests = serve(json({ success: true, data: { id: "lead-7" } }));
    expect(await sendLead("send-contact-email", { name: "Asha" }, "Try again")).toEqual({ ok: true, id: "lead-7" });
    const [request] = requests;
    expect(request?.url).toBe("/api/send-contact-email");
    expect(request?.init.method).toBe("POST");
    expect(request?.init.body).toBe('{"name":"Asha"}');
    expect(request?.init.headers).toEqual({
      "content-type": "application/json",
      "x-amz-content-sha256": createHash("sha256").update('{"name":"Asha"}').digest("hex"),
    });
  });

  test("should report the server's text and status, or the fallback where the answer has none", async () => {
    serve(json({ success: false, error: "Invalid email address" }, 400));
    expect(await sendLead("subscribe", {}, "Try again")).toEqual({
      ok: false,
      error: "Invalid email address",
      status: 400,
    });
    serve(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await sendLead("subscribe", {}, "Try again")).toEqual({ ok: false, error: "Try again", status: 502 });
    serve(json({ success: false, error: "" }));
    expect(await sendLead("subscribe", {}, "Try again")).toEqual({ ok: false, error: "Try again", status: 200 });
  });

  test("should turn a network error into a failure with status 0, never a throw", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await sendLead("subscribe", {}, "Try again")).toEqual({ ok: false, error: "Failed to fetch", status: 0 });
    serve(() => Promise.reject(new Error("")));
    expect(await sendLead("subscribe", {}, "Try again")).toEqual({ ok: false, error: "Try again", status: 0 });
  });

  test("should give up on an answer that does not come within the lead timeout, leaving no timer behind", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    serve(json({ success: true, data: { id: "lead-1" } }));
    await sendLead("subscribe", {}, "Try again");
    expect(vi.getTimerCount()).toBe(0);
    const requests = serve(() => new Promise<Response>(() => {}));
    const hanging = sendLead("subscribe", {}, "Try again");
    // The body's digest comes from the engine's crypto, outside the fake clock.
    while (requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(TIMINGS.leadTimeoutMs - 1);
    expect(requests[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests[0]?.init.signal?.aborted).toBe(true);
    void hanging; // the fake fetch ignores the signal, as a hung connection would until the engine gives up
  });
});

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
