import "./require-node.ts";
import { createDynamoSubscriberStore, type SubscriberRecord } from "../lambdas/shared/subscriber-store.ts";
import { toCsv } from "./csv-export.ts";
import { openLeadTable, TableError } from "./lead-table.ts";

/**
 * `npm run subscribers`: the newsletter list, newest first.
 *
 *   npm run subscribers                      a table (address, status, dates) of the local store of npm start
 *   npm run subscribers -- --json            one JSON object per line, with each subscriber's unsubscribe URL
 *   npm run subscribers -- --csv             the confirmed subscribers: email, status, dates and unsubscribe_url, to
 *                                            import into any mailing tool (put the URL in every mail's
 *                                            List-Unsubscribe); --all adds the pending and unsubscribed ones
 *   npm run subscribers -- --stack SiteStack the deployed list (default AWS credentials)
 *
 * Mail only the `confirmed` ones: pending addresses never said yes, unsubscribed ones said no.
 */
const args = process.argv.slice(2);
const at = args.indexOf("--stack");
const stackName = at >= 0 ? args[at + 1] : undefined;

const COLUMNS = ["email", "status", "subscribedAt", "confirmedAt", "unsubscribedAt", "unsubscribeUrl"] as const;

try {
  const table = await openLeadTable(stackName);
  try {
    const all: SubscriberRecord[] = [];
    for await (const subscriber of createDynamoSubscriberStore(table).list()) all.push(subscriber);
    if (args.includes("--json")) for (const subscriber of all) console.log(JSON.stringify(subscriber));
    else if (args.includes("--csv")) {
      // A mailing tool given this file mails everyone in it: only those who said yes, unless asked.
      const rows = args.includes("--all") ? all : all.filter((subscriber) => subscriber.status === "confirmed");
      process.stdout.write(
        toCsv(
          ["email", "status", "subscribed_at", "confirmed_at", "unsubscribed_at", "unsubscribe_url"],
          rows.map((subscriber) => COLUMNS.map((key) => subscriber[key] ?? "")),
        ),
      );
    } else if (all.length === 0) console.log("No subscribers yet.");
    else
      console.table(
        all.map(({ email, status, subscribedAt, confirmedAt }) => ({
          email,
          status,
          subscribed: subscribedAt.slice(0, 16).replace("T", " "),
          confirmed: confirmedAt?.slice(0, 16).replace("T", " ") ?? "",
        })),
      );
  } finally {
    await table.close();
  }
} catch (error) {
  if (!(error instanceof TableError)) throw error;
  console.error(`subscribers: ${error.message}`);
  process.exitCode = 1;
}
