import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { leadsCli } from "../../../scripts/leads.ts";
import { subscribersCli } from "../../../scripts/subscribers.ts";
import { NEWSLETTER_CONSENT_TEXT, ORIGIN_VERIFY_HEADER } from "../../../src/lib/newsletter.ts";
import { runCli } from "../../fixtures/cli.ts";
import { type LeadStack, type StoredMail, startLeadStack, VALID } from "./harness.ts";

let stack: LeadStack;

/** An operator script (in process) against the stack's store and mailbox; fails the test unless it exits with 0. */
async function cli(main: typeof leadsCli, ...args: string[]) {
  const result = await runCli(main, args, {
    ...process.env,
    DYNAMO_PORT: stack.ports.dynamo,
    SES_PORT: stack.ports.ses,
  });
  expect(result.code, result.stderr).toBe(0);
  return result;
}

/** The origin-verify value, set as the stack sets it: every request below carries it, as CloudFront's do. */
const VERIFY = "cloudfront0only".repeat(5);
beforeAll(async () => {
  stack = await startLeadStack({ env: { ORIGIN_VERIFY: VERIFY }, headers: { [ORIGIN_VERIFY_HEADER]: VERIFY } });
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  await stack.clearMails();
});

/** `npm run subscribers -- --json` against the stack's store. */
async function subscribers(): Promise<
  Array<{
    email: string;
    status: string;
    unsubscribeUrl: string;
    requestedAt: string;
    mailedAt: string;
    confirmedAt?: string;
    consentText: string;
  }>
> {
  const { stdout } = await cli(subscribersCli, "--json");
  return stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
  stack.request("subscribe", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, website: "", elapsedMs: 4_000, ...extra }),
  });

/** The path and query of a link in the mail, to open on the test's server. */
const apiPath = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname.replace(/^\/api\//, "")}${search}`;
};
function links(mail: StoredMail | undefined) {
  const text = mail?.body.text ?? "";
  const confirm = /(https?:\/\/\S+\/api\/confirm-subscription\?token=\S+)/.exec(text)?.[1];
  const unsubscribe = /(https?:\/\/\S+\/api\/unsubscribe\?token=\S+)/.exec(text)?.[1];
  if (!confirm || !unsubscribe) throw new Error(`no links in ${text}`);
  return { confirm: apiPath(confirm), unsubscribe: apiPath(unsubscribe) };
}

/** The press of the button on the page a mailed link opens: the link's token, posted back as the page's form does. */
const press = (link: string) => {
  const token = new URL(link, "http://x").searchParams.get("token") ?? "";
  return stack.request(link.split("?")[0] ?? "", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });
};

describe("the newsletter", () => {
  test("subscribe → confirmation mail → its link confirms → the unsubscribe link takes the address off; twice is one subscriber", async () => {
    const email = "reader@example.org";
    const first = await subscribe(email);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, data: { id: expect.any(String) } });
    const mails = await stack.mails();
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.destination.to).toEqual([email]);
    expect(mail?.subject).toBe("Confirm your subscription to the Nexaworks Apps newsletter");
    const { confirm, unsubscribe } = links(mail);
    expect(mail?.headers).toEqual(
      expect.arrayContaining([
        { name: "List-Unsubscribe", value: `<https://www.example.com/api/${unsubscribe}>` },
        { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
      ]),
    );

    // Asking again within 24 hours: one record, no second mail.
    expect((await subscribe(` ${email.toUpperCase()} `)).status).toBe(200);
    expect(await stack.mails()).toHaveLength(1);
    expect((await subscribers()).filter((s) => s.email.toLowerCase() === email)).toEqual([
      expect.objectContaining({ status: "pending" }),
    ]);

    // Opening the link (as a mail scanner does) only shows the page with the button; pressing it confirms.
    const opened = await stack.request(confirm);
    expect([opened.status, opened.headers.get("location")]).toEqual([
      303,
      `/newsletter/confirm?${new URL(confirm, "http://x").searchParams}`,
    ]);
    expect((await subscribers()).find((s) => s.email === email)?.status).toBe("pending");
    const confirmed = await press(confirm);
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([303, "/newsletter/confirmed?new"]);
    const again = await press(confirm);
    expect(again.headers.get("location")).toBe("/newsletter/confirmed");
    const [record] = (await subscribers()).filter((s) => s.email === email);
    expect(record).toMatchObject({ status: "confirmed", unsubscribeUrl: `https://www.example.com/api/${unsubscribe}` });
    const csv = (await cli(subscribersCli, "--csv")).stdout.trim().split("\n");
    expect(csv[0]).toBe('"email","status","subscribed_at","confirmed_at","unsubscribed_at","unsubscribe_url"');
    expect(csv.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^"${email}","confirmed",.*,"https://www\\.example\\.com/api/unsubscribe\\?token=[0-9a-f]{64}\\.[\\w-]{22}\\.[\\w-]{43}"$`,
        ),
      ),
    ]);
    // Confirmed: a new request mails nothing.
    await subscribe(email);
    expect(await stack.mails()).toHaveLength(1);

    expect((await stack.request(unsubscribe)).headers.get("location")).toMatch(/^\/newsletter\/unsubscribe\?token=/);
    expect((await subscribers()).find((s) => s.email === email)?.status).toBe("confirmed");
    const left = await press(unsubscribe);
    expect([left.status, left.headers.get("location")]).toEqual([303, "/newsletter/unsubscribed"]);
    expect((await subscribers()).find((s) => s.email === email)?.status).toBe("unsubscribed");
  });

  test("refuses a forged or altered token with a clear page, and a confirm token as an unsubscribe token", async () => {
    const email = "forged@example.org";
    await subscribe(email);
    const { confirm, unsubscribe } = links((await stack.mails())[0]);
    const token = new URL(confirm, "http://x").searchParams.get("token") ?? "";
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      `confirm-subscription?token=${flipped}`,
      "confirm-subscription?token=",
      "confirm-subscription",
      `confirm-subscription?token=${"0".repeat(64)}.${"A".repeat(43)}`,
      `confirm-subscription?token=${new URL(unsubscribe, "http://x").searchParams.get("token")}`,
      `unsubscribe?token=${token}`,
    ]) {
      const answer = await stack.request(path);
      expect([path, answer.status, answer.headers.get("location")]).toEqual([path, 303, "/newsletter/invalid-link"]);
    }
    expect((await subscribers()).find((s) => s.email === email)?.status).toBe("pending");
    const page = await stack.request(unsubscribe.replace("token=", "token=x"), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(page.status).toBe(400);
  });

  test("a confirm link of an earlier request does not re-subscribe after an unsubscribe and a new request; the record is the new request's", async () => {
    const email = "replay@example.org";
    await subscribe(email);
    const first = links((await stack.mails())[0]);
    expect((await press(first.confirm)).headers.get("location")).toBe("/newsletter/confirmed?new");
    expect((await press(first.unsubscribe)).headers.get("location")).toBe("/newsletter/unsubscribed");
    await subscribe(email);
    const second = links((await stack.mails())[1]);

    // Opening it still shows the button (opening reads nothing); pressing it does not act.
    expect((await press(first.confirm)).headers.get("location")).toBe("/newsletter/invalid-link");
    expect((await subscribers()).find((s) => s.email === email)).toMatchObject({ status: "pending" });
    expect((await subscribers()).find((s) => s.email === email)?.confirmedAt).toBeUndefined();

    expect((await press(second.confirm)).headers.get("location")).toBe("/newsletter/confirmed?new");
    const record = (await subscribers()).find((s) => s.email === email);
    expect(record).toMatchObject({ status: "confirmed", consentText: NEWSLETTER_CONSENT_TEXT });
    expect((record?.requestedAt ?? "z") <= (record?.mailedAt ?? "")).toBe(true);
    expect((record?.mailedAt ?? "z") <= (record?.confirmedAt ?? "")).toBe(true);
  });

  test("an unsubscribe link of an earlier subscription does nothing to the address's new one", async () => {
    const email = "came-back@example.org";
    await subscribe(email);
    const first = links((await stack.mails())[0]);
    await press(first.confirm);
    await press(first.unsubscribe);
    await subscribe(email);
    const second = links((await stack.mails())[1]);
    await press(second.confirm);

    const oneClick = await stack.request(first.unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(400);
    expect((await press(first.unsubscribe)).headers.get("location")).toBe("/newsletter/invalid-link");
    expect((await subscribers()).find((s) => s.email === email)?.status).toBe("confirmed");
    // The new subscription's own link, one-click as a mail app sends it, still takes the address off.
    const own = await stack.request(second.unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(own.status).toBe(200);
    expect((await subscribers()).find((s) => s.email === email)?.status).toBe("unsubscribed");
  });

  test("a plain form post (no JavaScript) is answered with a page", async () => {
    const form = (body: string) =>
      stack.request("subscribe", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    const ok = await form("email=plain%40example.org&website=");
    expect([ok.status, ok.headers.get("location")]).toEqual([303, "/newsletter/check-your-inbox"]);
    expect((await stack.mails()).map((m) => m.destination.to)).toEqual([["plain@example.org"]]);
    const bad = await form("email=not-an-address&website=");
    expect(bad.headers.get("location")).toBe("/newsletter/invalid-address");
  });

  test("a trapped subscription is answered alike, kept as spam, and mails nothing", async () => {
    const answer = await subscribe("bot@example.org", { website: "https://spam.example.net" });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { id: string } };
    expect(await stack.lead(data.id)).toMatchObject({ status: "spam", form: "subscribe", spamReason: "honeypot" });
    expect(await stack.mails()).toEqual([]);
    expect((await subscribers()).find((s) => s.email === "bot@example.org")).toBeUndefined();

    // Released from the spam folder, it is a normal request: a pending subscriber, a mail, a link that confirms.
    await cli(leadsCli, "release", data.id);
    expect((await subscribers()).find((s) => s.email === "bot@example.org")?.status).toBe("pending");
    const { confirm } = links((await stack.mails())[0]);
    expect((await press(confirm)).headers.get("location")).toBe("/newsletter/confirmed?new");
  });

  test("a confirmation SES does not take is retried from the queue and mailed once", async () => {
    stack.fault("refuse");
    try {
      expect((await subscribe("retry@example.org")).status).toBe(200);
    } finally {
      stack.fault("pass");
    }
    expect(await stack.mails()).toEqual([]);
    await stack.retryNow();
    const mails = await stack.mails();
    expect(mails.map((m) => m.destination.to)).toEqual([["retry@example.org"]]);
    expect(mails[0]?.headers).toEqual(
      expect.arrayContaining([{ name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" }]),
    );
  });

  test("export returns everything held about an address; after erase, neither leads nor subscribers hold anything for it", async () => {
    const email = "forget-me@example.org";
    const leads = (...args: string[]) => cli(leadsCli, ...args);
    const lead = await stack.call("send-contact-email", { ...VALID["send-contact-email"], email });
    const spam = await stack.call("send-installation-email", {
      ...VALID["send-installation-email"],
      email: email.toUpperCase(),
      elapsedMs: 100,
    });
    const request = (await (await subscribe(email)).json()) as { data: { id: string } };
    const exported = JSON.parse((await leads("export", email)).stdout) as {
      leads: Array<{ submissionId: string }>;
      acknowledgementCounters: unknown[];
      subscriber?: { status: string };
    };
    expect(new Set(exported.leads.map((l) => l.submissionId))).toEqual(
      new Set([lead.answer.data?.id, spam.answer.data?.id, request.data.id]),
    );
    // The lead's confirmation and the newsletter's: one mailbox's daily count of mails from the site.
    expect(exported.acknowledgementCounters).toEqual([expect.objectContaining({ count: 2 })]);
    expect(exported.subscriber?.status).toBe("pending");

    const erased = await leads("erase", email);
    expect(erased.stderr).toContain("Erased 5 items");
    const listed = (await leads("--json")).stdout;
    expect(listed.toLowerCase()).not.toContain(email);
    expect((await subscribers()).map((s) => s.email)).not.toContain(email);
    expect(JSON.parse((await leads("export", email)).stdout)).toEqual({
      email,
      leads: [],
      acknowledgementCounters: [],
      mentions: [],
      otherItems: [],
    });
  });
  test("refuses a call that did not come through CloudFront with 403 and a short message, storing and mailing nothing", async () => {
    const before = await stack.leads();
    const forbidden = JSON.stringify({
      success: false,
      error: "Forbidden: this API answers only requests sent through the site",
    });
    const direct: Array<Record<string, string>> = [
      { [ORIGIN_VERIFY_HEADER]: "" },
      { [ORIGIN_VERIFY_HEADER]: VERIFY.slice(1) },
      { [ORIGIN_VERIFY_HEADER]: "", "cloudfront-viewer-address": "203.0.113.7:443" },
    ];
    for (const headers of direct) {
      const answer = await stack.request("subscribe", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ email: "direct@example.org", website: "", elapsedMs: 4_000 }),
      });
      expect([answer.status, await answer.text()]).toEqual([403, forbidden]);
    }
    const unsubscribe = await stack.request("unsubscribe?token=x", {
      method: "POST",
      headers: { [ORIGIN_VERIFY_HEADER]: "" },
      body: "List-Unsubscribe=One-Click",
    });
    expect([unsubscribe.status, await unsubscribe.text()]).toEqual([403, forbidden]);
    expect(await stack.mails()).toEqual([]);
    expect(await stack.leads()).toEqual(before);
  });
});
