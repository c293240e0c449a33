import "./require-node.ts";
import { Console } from "node:console";
import { createDynamoSubscriberStore, type SubscriberRecord } from "../lambdas/shared/subscriber-store.ts";
import { type CliIo, isEntryPoint, runAsScript } from "./cli-io.ts";
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
const COLUMNS = ["email", "status", "subscribedAt", "confirmedAt", "unsubscribedAt", "unsubscribeUrl"] as const;

/** `npm run subscribers` with these arguments, environment and output streams; resolves to the exit code. */
export async function subscribersCli(args: readonly string[], io: CliIo): Promise<number> {
  const out = new Console({ stdout: io.stdout, stderr: io.stderr });
  const at = args.indexOf("--stack");
  const stackName = at >= 0 ? args[at + 1] : undefined;
  try {
    const table = await openLeadTable(stackName, io.env);
    try {
      const all: SubscriberRecord[] = [];
      for await (const subscriber of createDynamoSubscriberStore(table).list()) all.push(subscriber);
      if (args.includes("--json")) for (const subscriber of all) out.log(JSON.stringify(subscriber));
      else if (args.includes("--csv")) {
        // A mailing tool given this file mails everyone in it: only those who said yes, unless asked.
        const rows = args.includes("--all") ? all : all.filter((subscriber) => subscriber.status === "confirmed");
        io.stdout.write(
          toCsv(
            ["email", "status", "subscribed_at", "confirmed_at", "unsubscribed_at", "unsubscribe_url"],
            rows.map((subscriber) => COLUMNS.map((key) => subscriber[key] ?? "")),
          ),
        );
      } else if (all.length === 0) out.log("No subscribers yet.");
      else
        out.table(
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
    return 0;
  } catch (error) {
    if (!(error instanceof TableError)) throw error;
    out.error(`subscribers: ${error.message}`);
    return 1;
  }
}

if (isEntryPoint(import.meta.url)) await runAsScript(subscribersCli);
