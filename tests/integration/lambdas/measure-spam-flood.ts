/**
 * Measured: 300 junk honeypot bodies of 30 KB (2,000 keys each) from one client, through the local
 * lead stack (the real handlers, dynalite, the SES emulator). Prints how many were stored and what the table holds:
 * the items' bytes, and the bytes the lead index copies of them (projection ALL copies an item whole; the byDay index
 * copies its keys and listing fields).
 *
 *   npx tsx tests/integration/lambdas/measure-spam-flood.ts          15 junk keys of 2,000 characters
 *   npx tsx tests/integration/lambdas/measure-spam-flood.ts --keys   2,000 junk keys and a 30 KB message
 */
import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { startLeadStack } from "./harness.ts";

const FLOOD = 300;
const stack = await startLeadStack({ env: { LEAD_RATE_LIMIT: "10", ACK_DAILY_LIMIT: "1000" } });
try {
  const body: Record<string, string> = { name: "bot", email: "bot@example.net", website: "https://spam.example.net" };
  if (process.argv.includes("--keys")) {
    for (let i = 0; i < 2_000; i++) body[`k${String(i).padStart(4, "0")}`] = "x";
    body.message = "m".repeat(30_000 - JSON.stringify(body).length);
  } else for (let i = 0; i < 15; i++) body[`junk${i}`] = "j".repeat(2_000);
  const size = JSON.stringify(body).length;
  let answered = 0;
  for (let i = 0; i < FLOOD; i++) {
    const answer = await stack.call("send-contact-email", body, {
      headers: { "cloudfront-viewer-address": `2001:db8:32:6::${(i + 1).toString(16)}:443` },
    });
    if (answer.status === 200 && answer.answer.success) answered += 1;
  }
  const { Items = [], Count } = await stack.dynamoClient.send(new ScanCommand({ TableName: "leads" }));
  const leads = Items.filter((item) => item.pk?.S?.startsWith("lead#"));
  const bytes = (item: object) => Buffer.byteLength(JSON.stringify(item));
  const tableBytes = Items.reduce((sum, item) => sum + bytes(item), 0);
  const indexed = leads.map((item) =>
    item.kind
      ? item
      : Object.fromEntries(
          Object.entries(item).filter(([key]) =>
            /^(pk|day|receivedAt|submissionId|status|form|updatedAt|leaseUntil|spamReason|count)$/.test(key),
          ),
        ),
  );
  const indexBytes = indexed.reduce((sum, item) => sum + bytes(item), 0);
  console.log(
    JSON.stringify({
      sent: FLOOD,
      shape: process.argv.includes("--keys") ? "2,000 keys" : "15 keys of 2,000 characters",
      bodyBytes: size,
      answered200: answered,
      storedLeads: leads.length,
      tableItems: Count,
      tableKB: Math.round(tableBytes / 1024),
      leadIndexKB: Math.round(indexBytes / 1024),
      storeKB: Math.round((tableBytes + indexBytes) / 1024),
    }),
  );
} finally {
  await stack.close();
}
