import "./require-node.ts";
import { startLeadStack, type StoredMail } from "../tests/integration/lambdas/harness.ts";

/**
 * Measured against the lead stack of `npm start` (tests/integration/lambdas/harness.ts):
 * whether an earlier mail's confirm link re-subscribes after an unsubscribe and a new request, what the record then
 * says (confirmedAt against mailedAt), whether a confirm link works 7 days and 1 s later, whether an unsubscribe link
 * of the first subscription acts on the second, and how many of 20 confirmations from one /64 are mailed.
 *
 *   npx tsx scripts/measure-newsletter-consent.ts
 *
 * Time is moved by shifting Date in this process (the handlers run in it), never by waiting.
 */
const RealDate = Date;
let shiftMs = 0;
class ShiftedDate extends RealDate {
  constructor(...args: ConstructorParameters<typeof Date> | []) {
    if (args.length === 0) super(RealDate.now() + shiftMs);
    else super(...(args as ConstructorParameters<typeof Date>));
  }
  static override now() {
    return RealDate.now() + shiftMs;
  }
}
globalThis.Date = ShiftedDate as DateConstructor;

const stack = await startLeadStack({
  env: { ACK_CLIENT_HOURLY_LIMIT: "10", LEAD_RATE_LIMIT: "100000", ACK_DAILY_LIMIT: "100" },
});
const { GetCommand } = await import("@aws-sdk/lib-dynamodb");
const { documentClient } = await import("../lambdas/shared/document-client.ts");
const table = documentClient(stack.dynamoClient);
const { subscriberKey } = await import("../lambdas/shared/newsletter-tokens.ts");
const { LOCAL_LEADS_TABLE } = await import("../server/local-dynamo.ts");

const record = async (email: string) =>
  (
    await table.send(
      new GetCommand({ TableName: LOCAL_LEADS_TABLE, Key: { pk: `subscriber#${subscriberKey(email)}` } }),
    )
  ).Item;
const subscribe = (email: string, headers: Record<string, string> = {}) =>
  stack.request("subscribe", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, website: "", elapsedMs: 4_000 }),
  });
const linkOf = (mail: StoredMail | undefined, path: string) => {
  const url = new RegExp(`https?://\\S+/api/${path}\\?token=\\S+`).exec(mail?.body.text ?? "")?.[0];
  if (!url) throw new Error(`no ${path} link in the mail`);
  return new URL(url);
};
const press = async (link: URL) =>
  (
    await stack.request(link.pathname.replace(/^\/api\//, ""), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: link.searchParams.get("token") ?? "" }).toString(),
    })
  ).headers.get("location");
const lastMailTo = async (email: string) =>
  (await stack.mails()).filter((m) => m.destination.to.includes(email)).at(-1);

try {
  // Replay of the first mail's confirm link.
  const email = "replay@example.org";
  await subscribe(email);
  const first = await lastMailTo(email);
  await press(linkOf(first, "confirm-subscription"));
  await press(linkOf(first, "unsubscribe"));
  await subscribe(email);
  const replay = await press(linkOf(first, "confirm-subscription"));
  const afterReplay = await record(email);
  console.log(`replayed first confirm link after unsubscribe + new request -> ${replay}`);
  console.log(
    `  record: status ${afterReplay?.status}, confirmedAt ${afterReplay?.confirmedAt ?? "-"}, mailedAt ${afterReplay?.mailedAt}`,
  );
  const second = await lastMailTo(email);
  await press(linkOf(second, "confirm-subscription"));
  const oldUnsubscribe = await stack.request(linkOf(first, "unsubscribe").href.replace(/^.*\/api\//, ""), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  console.log(
    `first subscription's one-click unsubscribe on the second subscription -> ${oldUnsubscribe.status}, status now ${(await record(email))?.status}`,
  );

  // A confirm link 7 days and 1 s after its request.
  const late = "late@example.org";
  await subscribe(late);
  const lateMail = await lastMailTo(late);
  shiftMs = 7 * 86_400_000 + 1_000;
  const expired = await press(linkOf(lateMail, "confirm-subscription"));
  shiftMs = 0;
  console.log(
    `confirm link pressed 7 days + 1 s after its request -> ${expired}, status ${(await record(late))?.status}`,
  );

  // 20 confirmations from one /64, per-client cap 10 an hour.
  await stack.clearMails();
  for (let i = 1; i <= 20; i++)
    await subscribe(`client-${i}@example.org`, { "cloudfront-viewer-address": `2001:db8:1:2::${i}:443` });
  console.log(`confirmations mailed to 20 addresses from one /64 (cap 10 an hour): ${(await stack.mails()).length}`);
} finally {
  await stack.close();
}
