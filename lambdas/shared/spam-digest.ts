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
import { ALL_CLIENTS, type SuspectCount, suspectCounts } from "./spam-folder.ts";

/**
 * The spam folder's daily digest: the per-client limit files every lead beyond 10 an hour from one address
 * as spam, and a mobile carrier puts many people behind one address, so a false positive must reach the vendor within
 * a day. Once a day (EventBridge in AWS, `npm run leads -- digest` locally), when the folder got anything since the
 * last digest, the vendor gets one mail counting it (by form, reason and client) and listing the newest leads with
 * each one's release command, up to DIGEST_MAX_BYTES, with the command that lists them all. The table remembers the
 * newest suspected lead the last digest counted (`digest#spam`), so the same leads are never counted twice, and
 * nothing is mailed when nothing is new. A failed mail puts the mark back: the next digest counts a longer window,
 * and weighs no more.
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
  /** The exact command that lists the folder from `since` (an ISO time); `npm run leads -- --status spam --since …`. */
  listCommand?: (since: string) => string;
}

export type DigestOutcome =
  | { outcome: "mailed"; leads: number; listed: number; counted: number; bytes: number }
  | { outcome: "nothing-new" }
  | { outcome: "taken" };

/** The first digest looks back one day. */
const FIRST_LOOK_BACK_MS = 86_400_000;
const MAIL_TIMEOUT_MS = 10_000;
/**
 * The most one digest may weigh: its text and HTML bodies together, in UTF-8 bytes (SES takes up to 40 MB). The counts
 * always fit; the newest leads fill what is left, about 170 of them; the mail names the command that lists the rest.
 */
export const DIGEST_MAX_BYTES = 200_000;
/** Clients, and client-hours only counted, shown before the rest are summed up in one row. */
const TOP_ROWS = 10;

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

/** Counts by `key`, largest first; beyond TOP_ROWS the rest are one row named by `more`. */
function countBy(
  leads: ReadonlyArray<LeadRecord>,
  key: (lead: LeadRecord) => string,
  more: (n: number) => string,
): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const lead of leads) counts.set(key(lead), (counts.get(key(lead)) ?? 0) + 1);
  const rows = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (rows.length <= TOP_ROWS + 1) return rows;
  const rest = rows.slice(TOP_ROWS);
  return [...rows.slice(0, TOP_ROWS), [more(rest.length), rest.reduce((sum, [, n]) => sum + n, 0)]];
}

/** The client-hours only counted, largest first; beyond TOP_ROWS one line sums up the rest. */
function countedLines(counts: ReadonlyArray<SuspectCount>): string[] {
  const line = (count: SuspectCount) =>
    `${count.hour.slice(0, 13).replace("T", " ")}h, ${count.client === ALL_CLIENTS ? "all clients together" : `client ${count.client}`}: ${count.notStored} not stored`;
  const sorted = [...counts].sort((a, b) => b.notStored - a.notStored);
  const rest = sorted.slice(TOP_ROWS);
  const restTotal = rest.reduce((sum, count) => sum + count.notStored, 0);
  return [
    ...sorted.slice(0, TOP_ROWS).map(line),
    ...(rest.length > 0 ? [`${rest.length} more: ${restTotal} not stored`] : []),
  ];
}

/**
 * The digest's mail with every count and as many of the newest leads as fit DIGEST_MAX_BYTES (found by halving: the
 * size grows with each lead listed).
 */
function fittedDigest(
  leads: ReadonlyArray<LeadRecord>,
  counts: ReadonlyArray<SuspectCount>,
  since: string,
  deps: SpamDigestDeps,
) {
  const newest = [...leads].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  const base = {
    siteName: deps.config.siteName,
    stored: leads.length,
    breakdown: [
      {
        title: "By form",
        rows: countBy(
          leads,
          (lead) => lead.form,
          (n) => `${n} more forms`,
        ),
      },
      {
        title: "By reason",
        rows: countBy(
          leads,
          (lead) => lead.spamReason ?? "suspected",
          (n) => `${n} more`,
        ),
      },
      {
        title: "By client",
        rows: countBy(
          leads,
          (lead) => lead.client?.slice(0, 8) ?? "unknown",
          (n) => `${n} more clients`,
        ),
      },
    ],
    listAll: (deps.listCommand ?? ((from) => `npm run leads -- --status spam --since ${from}`))(since),
    counted: countedLines(counts),
    countedTotal: counts.reduce((sum, count) => sum + count.notStored, 0),
  };
  const render = (shown: number) =>
    renderSpamDigest({
      ...base,
      leads: newest.slice(0, shown).map(
        (lead): DigestLead => ({
          when: lead.receivedAt.slice(0, 16).replace("T", " "),
          form: lead.form,
          name: lead.lead.name ?? lead.lead.email ?? "-",
          product: [lead.lead.product, lead.lead.package].filter(Boolean).join(", ") || "-",
          why: why(lead),
          release: deps.releaseCommand(lead.submissionId),
        }),
      ),
    });
  const bytes = (mail: { text: string; html: string }) => Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html);
  let [fits, tooMany] = [0, newest.length + 1];
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (bytes(render(middle)) <= DIGEST_MAX_BYTES) fits = middle;
    else tooMany = middle;
  }
  const mail = render(fits);
  return { mail, listed: fits, countedTotal: base.countedTotal, bytes: bytes(mail) };
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

  // One past the last digest's newest: the command lists exactly this digest's window.
  const from = new Date(Date.parse(since) + (lastAt ? 1 : 0)).toISOString();
  const { mail, listed, countedTotal, bytes } = fittedDigest(leads, counts, from, deps);
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
  return { outcome: "mailed", leads: leads.length, listed, counted: countedTotal, bytes };
}
