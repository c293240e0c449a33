import { createHash } from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  createSubmissionIds,
  type LeadFormOptions,
  type LeadForm,
  type LeadResult,
  type LeadSchema,
  MISSING_FIELDS,
  newSubmissionId,
  sendLead,
  sendUntilSettled,
  submitLead,
} from "../../../src/client/leads.ts";
import { TIMINGS } from "../../../src/lib/limits.ts";
import { ELAPSED_FIELD, HONEYPOT_FIELD, SUBMISSION_ID_FIELD } from "../../../src/schemas/lead-field-names.ts";
import { toasts } from "../../../src/stores/toast.ts";

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
    serve(json({ success: false, error: { code: 7 } }, 400));
    expect(await sendLead("subscribe", {}, "Try again")).toEqual({ ok: false, error: "Try again", status: 400 });
    serve(json({ success: true }));
    expect(await sendLead("subscribe", {}, "Try again")).toEqual({ ok: true, id: "" });
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

describe("submitLead: one press of a lead form's send button", () => {
  class Field {
    focused = false;
    focus() {
      this.focused = true;
    }
  }
  /** The handler's answer; `status` is its HTTP status when not kept (503 unless said). */
  type Answer = { success: boolean; error?: string; data?: { id: string }; status?: number };
  const kept: Answer = { success: true, data: { id: "lead-1" } };
  /** A page with one lead form; `answers` are the server's, in turn. Records what the visitor would see. */
  function page({
    answers = [kept] as Answer[],
    rules = async (): Promise<LeadSchema> => ({ safeParse: () => ({ success: true }) }),
    ...options
  }: Partial<LeadFormOptions> & { answers?: Answer[]; rules?: () => Promise<LeadSchema> } = {}) {
    const sent: Record<string, unknown>[] = [];
    toasts.value = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      const answer = answers.shift() ?? kept;
      // A lead the store could not take: its fate is open, and the form sends it once more.
      return new Response(JSON.stringify(answer), { status: answer === kept ? 200 : (answer.status ?? 503) });
    });
    const dataLayer: unknown[] = [];
    const root = { dataset: { analyticsId: "G-TEST" }, hasAttribute: () => false };
    vi.stubGlobal("document", { documentElement: root, referrer: "" });
    vi.stubGlobal("location", { search: "", pathname: "/contact", hostname: "example.org" });
    vi.stubGlobal("window", { dataLayer });
    vi.stubGlobal("HTMLElement", Field);
    const fields = new Map([
      ["name", new Field()],
      ["email", new Field()],
    ]);
    const form = { reset: vi.fn(), elements: { namedItem: (name: string) => fields.get(name) ?? null } };
    const errors: Readonly<Record<string, string>>[] = [];
    const busy: boolean[] = [];
    const all: LeadFormOptions = {
      fn: "send-contact-email",
      fields: ["name", "email"],
      required: ["name"],
      loadSchema: vi.fn(rules),
      messages: { success: "Thank you", failure: "Could not send", fallback: "Try again" },
      ...options,
    };
    const lead: LeadForm = {
      options: all,
      openedAt: 0,
      ids: createSubmissionIds(counter()),
      raised: [],
      setErrors: (e) => errors.push(e),
      setSubmitting: (on) => busy.push(on),
    };
    const press = (values: Record<string, string | Blob>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(values)) data.set(name, value);
      return submitLead(lead, form as unknown as HTMLFormElement, data);
    };
    const shown = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);
    const events = () => dataLayer.map((args) => [...(args as unknown[])]);
    return { press, sent, form, fields, errors, busy, shown, events, options: all };
  }
  const counter = () => {
    let n = 0;
    return () => `id-${++n}`;
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    toasts.value = [];
  });

  test.each([
    ["empty", { email: "a@example.org" }],
    ["only spaces", { name: "  ", email: "a@example.org" }],
    ["holding a file, not text", { name: new Blob(["Asha"]) }],
    ["empty, the second of two", { name: "Asha" }, ["name", "email"]],
  ])(
    "a required field left %s: the spec's message, and nothing is sent",
    async (_case, values, required = ["name"]) => {
      const form = page({ required });
      await form.press(values);
      expect(form.shown()).toEqual([`error: ${MISSING_FIELDS}`]);
      expect(form.sent).toEqual([]);
      expect(form.busy).toEqual([]);
    },
  );

  test("a field the rules refuse: its message in a toast and by the field, which takes focus; nothing is sent", async () => {
    const refuse = (path: PropertyKey[], message?: string) => async (): Promise<LeadSchema> => ({
      safeParse: () => ({ success: false, error: { issues: message === undefined ? [] : [{ path, message }] } }),
    });
    const form = page({ rules: refuse(["email"], "Invalid email address") });
    await form.press({ name: "Asha", email: "asha@" });
    expect(form.shown()).toEqual(["error: Invalid email address"]);
    expect(form.errors).toEqual([{ email: "Invalid email address" }]);
    expect([form.fields.get("email")?.focused, form.fields.get("name")?.focused]).toEqual([true, false]);
    expect(form.sent).toEqual([]);
    // A rule about a value the visitor does not type (the dialog's product) is said in the toast only.
    const extra = page({ rules: refuse(["product"], "Unknown product") });
    await extra.press({ name: "Asha" });
    expect([extra.shown(), extra.errors]).toEqual([["error: Unknown product"], []]);
    const silent = page({ rules: refuse([]) });
    await silent.press({ name: "Asha" });
    expect(silent.shown()).toEqual(["error: Try again"]);
  });

  test("rules that cannot load (offline): the server judges the lead, and the next press loads them again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const form = page({ rules: () => Promise.reject(new Error("chunk failed")) });
    await form.press({ name: "Asha" });
    expect(form.sent).toHaveLength(1);
    await form.press({ name: "Asha" });
    expect(form.options.loadSchema).toHaveBeenCalledTimes(2);
  });

  test("a kept lead: the fields, what the visitor did not type, a thank-you, a fresh form and one conversion", async () => {
    vi.spyOn(performance, "now").mockReturnValue(4200.4);
    const calls: string[] = [];
    const form = page({
      extra: { product: "astroway" },
      onSent: () => calls.push(`sent, toasts: ${toasts.value.length}`),
    });
    await form.press({ name: "Asha", email: "a@example.org", [HONEYPOT_FIELD]: "bot text" });
    expect(form.sent).toEqual([
      {
        name: "Asha",
        email: "a@example.org",
        product: "astroway",
        landingPath: "/contact",
        [HONEYPOT_FIELD]: "bot text",
        [ELAPSED_FIELD]: 4200,
        [SUBMISSION_ID_FIELD]: "id-1",
      },
    ]);
    expect([form.errors, form.busy, form.form.reset.mock.calls.length]).toEqual([[{}], [true, false], 1]);
    expect(calls).toEqual(["sent, toasts: 0"]);
    expect(form.shown()).toEqual(["success: Thank you"]);
    expect(form.events()).toEqual([["event", "generate_lead", { form_name: "contact" }]]);
    // The next lead from the same form is a new one: a new id, and its time counted from the thank-you.
    vi.spyOn(performance, "now").mockReturnValue(9200.4);
    await form.press({ name: "Asha", email: "a@example.org" });
    expect(form.sent[1]).toMatchObject({ [ELAPSED_FIELD]: 5000, [SUBMISSION_ID_FIELD]: "id-2" });
    expect(form.shown()).toEqual(["success: Thank you"]);
  });

  test.each([
    [
      "the product field",
      "send-product-inquiry",
      {},
      { product: "astroway" },
      [{ form_name: "product-inquiry", product_id: "astroway" }],
    ],
    [
      "the dialog's product id",
      "send-product-inquiry",
      { productId: "p-7" },
      {},
      [{ form_name: "product-inquiry", product_id: "p-7" }],
    ],
    ["no product", "send-installation-email", {}, {}, [{ form_name: "installation" }]],
    ["a newsletter request, no lead", "subscribe", {}, {}, []],
  ] as const)("the conversion names %s", async (_case, fn, options, values, events) => {
    const form = page({ fn, fields: ["name", "product"], ...options });
    await form.press({ name: "Asha", ...values });
    expect(form.events()).toEqual(events.map((params) => ["event", "generate_lead", params]));
  });

  test("a lead the server did not keep: the failure toast, the form as typed, and a retry under the same id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = { success: false, error: "Store down" };
    const form = page({ answers: [refused, refused, kept] });
    await form.press({ name: "Asha" });
    expect(form.shown()).toEqual(["error: Could not send"]);
    expect(logged).toHaveBeenCalledWith("[send-contact-email] Store down");
    expect([form.form.reset.mock.calls.length, form.busy, form.events()]).toEqual([0, [true, false], []]);
    await form.press({ name: "Asha" });
    expect(form.sent.map((lead) => lead[SUBMISSION_ID_FIELD])).toEqual(["id-1", "id-1", "id-1"]);
    // The earlier error is gone: only the new outcome shows.
    expect(form.shown()).toEqual(["success: Thank you"]);
  });

  test("a submission id the server had for other fields: the lead is sent at once under a new one", async () => {
    const form = page({ answers: [{ success: false, error: "Reused", status: 409 }, kept] });
    await form.press({ name: "Asha" });
    expect(form.sent.map((lead) => lead[SUBMISSION_ID_FIELD])).toEqual(["id-1", "id-2"]);
    expect(form.shown()).toEqual(["success: Thank you"]);
  });
});
