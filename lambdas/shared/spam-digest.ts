import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { conditional, documentClient, text } from "./document-client.ts";
import { LEAD_SPAM } from "../../src/lib/limits.ts";
import type { LeadConfig } from "./env.ts";
import { DIGEST_KEY, type LeadRecord, type SpamReason } from "./lead-record.ts";
import type { LeadStore } from "./lead-store.ts";
import type { Logger } from "./log.ts";
import type { Mailer } from "./mailer.ts";
import { type DigestLead, renderSpamDigest } from "./mail-templates/spam-digest.ts";
import { suspectCounts } from "./spam-folder.ts";

/**
 * The spam folder's daily digest (issue 32): the per-client limit files every lead beyond 10 an hour from one address
 * as spam, and a mobile carrier puts many people behind one address, so a false positive must reach the vendor within
 * a day. Once a day (EventBridge in AWS, `npm run leads -- digest` locally), when the folder got anything since the
 * last digest, the vendor gets one mail listing it with each lead's release command. The table remembers the newest
 * suspected lead the last digest listed (`digest#spam`), so the same leads are never mailed twice, and nothing is
 * mailed when nothing is new.
 */

export interface SpamDigestDeps {
  store: Pick<LeadStore, "list">;
  /** The table's own client: the digest's mark and the suspected-lead counters. */
  client: DynamoDBClient;
  tableName: string;
  mailer: Mailer;
  config: Pick<LeadConfig, "senderEmail" | "recipientEmail" | "siteName">;
  log: Logger;
  /** The exact command that releases a lead, e.g. `npm run leads -- release <id> --stack SiteStack`. */
  releaseCommand: (submissionId: string) => string;
}

export type DigestOutcome =
  | { outcome: "mailed"; leads: number; counted: number }
  | { outcome: "nothing-new" }
  | { outcome: "taken" };

/** The first digest looks back one day. */
const FIRST_LOOK_BACK_MS = 86_400_000;
const MAIL_TIMEOUT_MS = 10_000;

const WHY: Readonly<Record<SpamReason, string>> = {
  honeypot: "the hidden field was filled in",
  "too-fast": "sent less than 2 seconds after the form opened",
  "rate-limited": `over ${LEAD_SPAM.leadsPerClientHour} leads from its address that hour`,
};

/** Why a lead was suspected, and what the folder cut from it. */
function why(lead: LeadRecord): string {
  const cut = Object.entries(lead.truncated ?? {}).map(([field, chars]) => `${field} cut by ${chars} characters`);
  if (lead.droppedKeys) cut.push(`${lead.droppedKeys} other key${lead.droppedKeys === 1 ? "" : "s"} dropped`);
  const reason = lead.spamReason ? WHY[lead.spamReason] : "suspected";
  return cut.length > 0 ? `${reason}; ${cut.join(", ")}` : reason;
}

/** Mails the digest of what the spam folder got since the last one, if anything; never the same leads twice. */
export async function sendSpamDigest(deps: SpamDigestDeps, now = new Date()): Promise<DigestOutcome> {
  const { tableName } = deps;
  const client = documentClient(deps.client);
  const key = { pk: DIGEST_KEY };
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  const lastAt = text(Item?.lastAt);
  const since = lastAt ?? new Date(now.getTime() - FIRST_LOOK_BACK_MS).toISOString();

  const leads: LeadRecord[] = [];
  for await (const lead of deps.store.list(new Date(since), { now }))
    if (lead.status === "spam" && lead.receivedAt > since) leads.push(lead);
  const counts = (await suspectCounts(deps.client, tableName, new Date(since), now)).filter(
    (count) => count.updatedAt > since,
  );
  if (leads.length === 0 && counts.length === 0) {
    deps.log.info({ outcome: "digest-nothing-new" });
    return { outcome: "nothing-new" };
  }

  // The mark moves first, conditionally: of two runs at once one mails, and a lead filed while this one mails is
  // newer than the mark and goes into the next digest.
  const newest = [...leads.map((lead) => lead.receivedAt), ...counts.map((count) => count.updatedAt)].sort().at(-1);
  const moved = await conditional(() =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: "SET lastAt = :newest, mailedAt = :now",
        ConditionExpression: lastAt ? "lastAt = :last" : "attribute_not_exists(lastAt)",
        ExpressionAttributeValues: {
          ":newest": newest ?? now.toISOString(),
          ":now": now.toISOString(),
          ...(lastAt ? { ":last": lastAt } : {}),
        },
      }),
    ),
  );
  if (!moved) return { outcome: "taken" };

  const countedTotal = counts.reduce((sum, count) => sum + count.notStored, 0);
  const mail = renderSpamDigest({
    siteName: deps.config.siteName,
    leads: leads.map(
      (lead): DigestLead => ({
        when: lead.receivedAt.slice(0, 16).replace("T", " "),
        form: lead.form,
        name: lead.lead.name ?? lead.lead.email ?? "-",
        product: [lead.lead.product, lead.lead.package].filter(Boolean).join(", ") || "-",
        why: why(lead),
        release: deps.releaseCommand(lead.submissionId),
      }),
    ),
    counted: counts.map(
      (count) => `${count.hour.slice(0, 13).replace("T", " ")}h, client ${count.client}: ${count.notStored} not stored`,
    ),
    countedTotal,
  });
  try {
    await deps.mailer.send(
      {
        from: deps.config.senderEmail,
        to: deps.config.recipientEmail,
        replyTo: deps.config.recipientEmail,
        ...mail,
        tags: { mail: "spam-digest" },
      },
      { timeoutMs: MAIL_TIMEOUT_MS },
    );
  } catch (error) {
    // Not mailed: the mark goes back, so the next run lists the same leads (unless another run moved it meanwhile).
    await client
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: lastAt ? "SET lastAt = :last" : "REMOVE lastAt",
          ConditionExpression: "lastAt = :newest",
          ExpressionAttributeValues: { ":newest": newest ?? "", ...(lastAt ? { ":last": lastAt } : {}) },
        }),
      )
      .catch(() => undefined);
    throw error;
  }
  deps.log.info({ outcome: "digest-mailed", count: leads.length + countedTotal });
  return { outcome: "mailed", leads: leads.length, counted: countedTotal };
}
