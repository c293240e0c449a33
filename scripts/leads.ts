import "./require-node.ts";
import { Console } from "node:console";
import path from "node:path";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { SendMessageCommand, SQSClient, StartMessageMoveTaskCommand } from "@aws-sdk/client-sqs";
import { existingLeads, formMails } from "../lambdas/deliver-lead/deliver-lead.ts";
import { type LeadConfig, readConfig } from "../lambdas/shared/env.ts";
import { deliverStoredLead } from "../lambdas/shared/delivery.ts";
import { invocationDeadline } from "../lambdas/shared/deadline.ts";
import { LEAD_STATUSES, type LeadRecord, type LeadStatus } from "../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore, isUnmailed, type LeadStore } from "../lambdas/shared/lead-store.ts";
import { sendSpamDigest } from "../lambdas/shared/spam-digest.ts";
import { describeSuspectCounts, releaseSpamLead, suspectCounts } from "../lambdas/shared/spam-folder.ts";
import { createDynamoSubscriberStore } from "../lambdas/shared/subscriber-store.ts";
import { subscriptionRequestOf } from "../lambdas/subscribe/subscribe.ts";
import { SUBSCRIBE_FUNCTION } from "../src/lib/newsletter.ts";
import { createLogger, type Logger } from "../lambdas/shared/log.ts";
import { createSesMailer } from "../lambdas/shared/mailer.ts";
import { LOCAL_CREDENTIALS, localLambdaEnv } from "../server/lambda-env.ts";
import { cleanSource, sourceLabel } from "../src/schemas/lead-source.ts";
import { leadReport, reportCsv, reportTable } from "./lead-report.ts";
import { CliFailure, type CliIo, isEntryPoint, runAsScript } from "./cli-io.ts";
import { leadsCsv } from "./csv-export.ts";
import { type LeadTable, openLeadTable, TableError } from "./lead-table.ts";
import { erasePersonalData, findPersonalData, unreachableCopies } from "./personal-data.ts";

/**
 * `npm run leads`: the stored leads, newest first (received, age, status, form, product, source, attempts, last
 * error, id).
 *
 *   npm run leads                          the local store of `npm start` (.data/dynamodb, or LEADS_DIR)
 *   npm run leads -- --json                one JSON object per line (submissionId, form, status, receivedAt, …)
 *   npm run leads -- --since 7d            only leads received in the last 7 days (s, m, h, d, w), or since a time
 *                                          (--since 2026-11-20T10:00:00.000Z, as the spam digest prints it)
 *   npm run leads -- --stack SiteStack     the deployed table, named by the stack's outputs (default AWS credentials)
 *   npm run leads -- --status spam         only leads with that status (received, mailed, acknowledged, failed, spam)
 *   npm run leads -- --csv                 one row per lead: every field, status, dates (for a spreadsheet), the
 *                                          source's fields (utmSource … landingPath) last
 *   npm run leads -- report [--since 30d] [--stack …] [--csv]  leads by week, form, product and source: counts and
 *                                          the share of spam, as tables or one CSV row per group and value
 *   npm run leads -- release <id> [--stack …]  mail a lead of the spam folder as a normal lead (once: it leaves the
 *                                          folder); locally at once through npm start's mailbox, deployed through
 *                                          the retry queue
 *   npm run leads -- export <email> [--stack …]  everything held about one address, as JSON: leads, acknowledgement
 *                                          counters, newsletter record (a visitor's access request)
 *   npm run leads -- erase <email> [--stack …]   deletes all of it (the address in any field of any item, spam
 *                                          bodies included), compacts the local store's files, and prints what it
 *                                          deleted and what it cannot reach (backups, queues, inboxes) with how
 *                                          long each keeps it (a request to be forgotten)
 *   npm run leads -- digest                mail the vendor the spam folder's digest now, through npm start's mailbox
 *                                          (what came since the last digest, once; nothing when nothing is new);
 *                                          deployed, the SpamDigest function does it every morning
 *   npm run leads -- replay [--stack …]    mail what is not mailed yet: deployed, moves the dead-letter queue back
 *                                          and re-enqueues every received/failed lead; locally, mails them at once
 *                                          through the local SES emulator (npm start's mailbox)
 *
 * The visitor's own words are never printed in the table; --json prints the whole stored lead. Index entries whose
 * lead does not exist (a crash of the local store leaves them) are dropped as they are met, with one log line.
 * Locally, replay uses npm start's own configuration (endpoints and the emulators' credentials), so it mails where
 * npm start mails; a lead never loses an attempt to a configuration error.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The command line, read once. */
interface Command {
  option(name: string): string | undefined;
  json: boolean;
  csv: boolean;
  replay: boolean;
  report: boolean;
  digest: boolean;
  /** Where "release" stands in the arguments; -1 without it. */
  releaseAt: number;
  releaseId: string | undefined;
  stackName: string | undefined;
  statusFilter: string | undefined;
}

function readCommand(args: readonly string[]): Command {
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const releaseAt = args.indexOf("release");
  return {
    option,
    json: args.includes("--json"),
    csv: args.includes("--csv"),
    replay: args.includes("replay"),
    report: args.includes("report"),
    digest: args.includes("digest"),
    releaseAt,
    releaseId: releaseAt >= 0 ? args[releaseAt + 1] : undefined,
    stackName: option("stack"),
    statusFilter: option("status"),
  };
}

/** One run's command, environment and output: what the helpers below print to and read from. */
interface Run {
  command: Command;
  env: NodeJS.ProcessEnv;
  out: Console;
  /** For output written as it is (CSV, report tables), where out.log would add a line break. */
  stdout: Writable;
  log: Logger;
}

function fail(message: string): never {
  throw new CliFailure(message);
}

/** "7d" → the date 7 days ago; an ISO time as it is; epoch when not given. */
function sinceDate(raw: string | undefined): Date {
  if (!raw) return new Date(0);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(raw) && Number.isFinite(Date.parse(raw))) return new Date(raw);
  const match = /^(\d+)([smhdw])$/.exec(raw);
  if (!match)
    fail(
      `--since ${raw}: expected a number and a unit, e.g. 30m, 12h, 7d or 2w, or a time such as 2026-11-20T10:00:00.000Z`,
    );
  const unit = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }[match[2] as "s" | "m" | "h" | "d" | "w"];
  return new Date(Date.now() - Number(match[1]) * unit * 1000);
}

function age(iso: string): string {
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return `${Math.floor(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/** The table with the lead store over it; the store uses the table's own client, and so its region. */
async function openLeads(stackName: string | undefined, { env, out }: Run) {
  const table = await openLeadTable(stackName, env).catch((error: unknown) =>
    fail(error instanceof TableError ? error.message : String(error)),
  );
  // Said on stderr, so that --json and --csv output stays clean.
  out.error(`leads: reading ${table.where}`);
  return { ...table, store: createDynamoLeadStore({ ...table, region: "us-east-1" }) };
}
type Leads = Awaited<ReturnType<typeof openLeads>>;

/** The catalogue's name of a stored product (an id, or the name a product inquiry sends), for the report. */
async function productNames(env: NodeJS.ProcessEnv): Promise<(stored: string) => string> {
  const { catalogue } = await localConfig(env, "http://127.0.0.1:1");
  return (stored) => catalogue.products.find((p) => p.id === stored || p.name === stored)?.name ?? stored;
}

/** The suspected leads the spam folder only counted (over its hourly cap per client), as one line, or "". */
async function countedLine({ json, csv, statusFilter }: Command, leads: Leads, since: Date): Promise<string> {
  if (json || csv || (statusFilter && statusFilter !== "spam")) return "";
  return describeSuspectCounts(await suspectCounts(leads.client, leads.tableName, since));
}

async function print({ command, env, out, stdout }: Run, all: LeadRecord[], counted = ""): Promise<void> {
  const { statusFilter, report, csv, json, option } = command;
  const leads = statusFilter ? all.filter((lead) => lead.status === statusFilter) : all;
  if (report) {
    const rows = leadReport(leads, await productNames(env));
    const period = option("since") ? `in the last ${option("since")}` : "in the store";
    stdout.write(csv ? reportCsv(rows) : reportTable(rows, period));
    if (counted) out.log(counted);
    return;
  }
  if (csv) {
    stdout.write(leadsCsv(leads));
    return;
  }
  if (json) {
    for (const lead of leads) out.log(JSON.stringify(lead));
    return;
  }
  if (counted) out.log(counted);
  if (leads.length === 0) {
    out.log("No leads stored in that period.");
    return;
  }
  out.table(
    leads.map((lead) => ({
      received: lead.receivedAt.slice(0, 19).replace("T", " "),
      age: age(lead.receivedAt),
      status: lead.spamReason && lead.status === "spam" ? `spam (${lead.spamReason})` : lead.status,
      form: lead.form,
      product: [lead.lead.product, lead.lead.package].filter(Boolean).join(", "),
      source: sourceLabel(cleanSource(lead.lead)),
      attempts: lead.attempts,
      error: lead.lastError ?? "",
      id: lead.submissionId,
    })),
  );
}

/** Every stored lead since `since` (phantom index entries dropped), optionally only those not mailed yet. */
async function stored(log: Logger, store: LeadStore, since: Date, onlyUnmailed = false): Promise<LeadRecord[]> {
  const leads: LeadRecord[] = [];
  for await (const lead of existingLeads(
    store,
    since,
    log,
    "leads",
    (listed) => !onlyUnmailed || isUnmailed(listed.status),
  )) {
    if (!onlyUnmailed || isUnmailed(lead.status)) leads.push(lead);
  }
  return leads;
}

/** export / erase <email>: one address's data, locally or on a deployed stack. */
async function exportOrErase({ command, env, out }: Run, action: "export" | "erase", email: string | undefined) {
  if (!email?.includes("@")) fail(`${action}: name the address, e.g. npm run leads -- ${action} asha@example.org`);
  const table = await openLeadTable(command.stackName, env).catch((error: unknown) =>
    fail(error instanceof TableError ? error.message : String(error)),
  );
  let erased: string | undefined;
  try {
    const data = action === "export" ? await findPersonalData(table, email) : await erasePersonalData(table, email);
    out.log(JSON.stringify(action === "export" ? data : { erased: data }, null, 2));
    if (action === "erase") {
      const count =
        data.leads.length + data.acknowledgementCounters.length + (data.subscriber ? 1 : 0) + data.otherItems.length;
      const mentions = data.mentions.length;
      const files = {
        "at close": "; the store's files were compacted as it closed, so they no longer hold it.",
        "at npm start's stop":
          ". npm start's store keeps it in its files until npm start stops or restarts (its store compacts them then): restart it to finish the erase.",
      };
      erased = [
        `Erased ${count} item${count === 1 ? "" : "s"} for that address from ${table.where}` +
          (mentions ? `, and the address from ${mentions} other item${mentions === 1 ? "" : "s"} quoting it` : "") +
          (table.compaction ? files[table.compaction] : "."),
        "Erase cannot reach these, which keep the address:",
        ...unreachableCopies(Boolean(command.stackName)).map((copy) => `  - ${copy}`),
      ].join("\n");
    }
  } finally {
    await table.close();
  }
  // Said once the table is closed: a store this process opened has compacted its files by then.
  if (erased) out.error(erased);
}

/**
 * The lead functions' configuration as npm start builds it from content, as its handlers see it (values the developer
 * set win, as there); the stack builds its own from the same content. Its store endpoint is never used: the script
 * hands its own store to whatever it calls.
 */
async function localConfig(env: NodeJS.ProcessEnv, sesEndpoint: string) {
  const dynamoEndpoint = "http://127.0.0.1:1";
  return readConfig({
    ...(await localLambdaEnv({ sesEndpoint, dynamoEndpoint, contentDir: path.join(rootDir, "content") })),
    ...env,
  });
}

/** The mailer the local handlers use, on the local SES emulator. */
const localMailer = (config: LeadConfig, sesEndpoint: string) =>
  createSesMailer({
    region: config.region,
    endpoint: sesEndpoint,
    credentials: LOCAL_CREDENTIALS,
    retryPauseMs: config.sesRetryPauseMs,
  });

/**
 * Takes a lead out of the spam folder after checking it can be mailed (a bot's body that failed the form's checks
 * cannot); the caller then mails it as any stored lead.
 */
async function release({ store, client, tableName }: Leads, id: string, config: LeadConfig): Promise<LeadRecord> {
  const lead = await store.get(id);
  if (!lead) fail(`release ${id}: no lead with that id`);
  if (lead.status !== "spam")
    fail(`release ${id}: the lead is ${lead.status}, not in the spam folder; nothing was mailed`);
  const mailsOf = formMails(config.catalogue).get(lead.form);
  if (!mailsOf?.(lead.lead, config, id))
    fail(
      `release ${id}: its fields do not pass the ${lead.form} form's checks, so it cannot be mailed; see it with --json`,
    );
  // A newsletter request caught as spam never filed its subscriber: file it now, so the mailed link confirms.
  // Its confirm link still expires CONFIRM_LINK_DAYS (src/lib/newsletter.ts) after the request itself (the nonce and time are in the link).
  const request = lead.form === SUBSCRIBE_FUNCTION ? subscriptionRequestOf(lead.lead) : undefined;
  if (request && lead.lead.email)
    await createDynamoSubscriberStore({ client, tableName }).request(lead.lead.email, request, new Date());
  if (!(await releaseSpamLead(client, tableName, id, new Date(), config.leadRetentionDays)))
    fail(`release ${id}: released by someone else meanwhile`);
  return lead;
}

/** The deployed stack: deliver-lead mails from its retry queue, and the SpamDigest function sends the digest. */
async function onStack(run: Run, leads: Leads, queues: NonNullable<LeadTable["queues"]>, since: Date) {
  const { command, env, out, log } = run;
  const sqs = new SQSClient({});
  const enqueue = (lead: Pick<LeadRecord, "submissionId" | "form">) =>
    sqs.send(
      new SendMessageCommand({
        QueueUrl: queues.url,
        MessageBody: JSON.stringify({ submissionId: lead.submissionId, form: lead.form }),
      }),
    );
  if (command.releaseId) {
    await enqueue(await release(leads, command.releaseId, await localConfig(env, "http://127.0.0.1:1")));
    out.log(`Released ${command.releaseId}: deliver-lead mails it from the retry queue.`);
  } else if (command.replay) {
    try {
      const task = await sqs.send(
        new StartMessageMoveTaskCommand({ SourceArn: queues.deadLetterArn, DestinationArn: queues.arn }),
      );
      out.log(`Moving the dead-letter queue back onto the retry queue (task ${task.TaskHandle ?? "started"}).`);
    } catch (error) {
      out.log(`Dead-letter queue not moved: ${error instanceof Error ? error.message : String(error)}`);
    }
    const open = await stored(log, leads.store, since, true);
    for (const lead of open) await enqueue(lead);
    out.log(
      `Re-enqueued ${open.length} lead${open.length === 1 ? "" : "s"} not mailed yet; deliver-lead mails each once.`,
    );
  } else
    out.log(`Deployed, the SpamDigest function mails the digest every morning; see its log group for the last run.`);
}

/** npm start's mailbox: its configuration, its mailer, and each stored lead mailed as deliver-lead mails it. */
async function localMailbox({ env, out }: Run, leads: Leads, name: string) {
  const sesEndpoint = `http://127.0.0.1:${env.SES_PORT ?? 8005}`;
  const config = await localConfig(env, sesEndpoint);
  const mailer = localMailer(config, sesEndpoint);
  const log = createLogger(`leads-${name}`, "warn", (line) => out.log(line));
  const deps = { config, store: leads.store, mailer, queue: { enqueue: async () => undefined }, log };
  const forms = formMails(config.catalogue);
  const deliver = async (lead: Pick<LeadRecord, "submissionId" | "form">, unknown: string) => {
    const mailsOf = forms.get(lead.form);
    if (!mailsOf) return unknown;
    return deliverStoredLead(lead.submissionId, mailsOf, deps, invocationDeadline(undefined, 10_000), name);
  };
  return { sesEndpoint, config, mailer, log, deliver };
}

/** npm start's local store: release, replay and digest mail at once through its mailbox. */
async function onLocal(run: Run, leads: Leads, since: Date): Promise<void> {
  const { command, out, log } = run;
  if (command.releaseId) {
    const mailbox = await localMailbox(run, leads, "release");
    const result = await mailbox.deliver(await release(leads, command.releaseId, mailbox.config), "unknown form");
    out.log(
      `Released ${command.releaseId} through ${mailbox.sesEndpoint}: ${result}${result === "mailed" ? "" : " (npm run leads -- replay tries again)"}`,
    );
  } else if (command.replay) {
    const mailbox = await localMailbox(run, leads, "replay");
    const counts: Record<string, number> = {};
    for (const lead of await stored(log, leads.store, since, true)) {
      const result = await mailbox.deliver(lead, "form not known");
      counts[result] = (counts[result] ?? 0) + 1;
    }
    out.log(`Replayed through ${mailbox.sesEndpoint}: ${JSON.stringify(counts)}`);
  } else {
    const { sesEndpoint, config, mailer, log: digestLog } = await localMailbox(run, leads, "digest");
    const result = await sendSpamDigest({
      ...leads,
      mailer,
      config,
      log: digestLog,
      releaseCommand: (id) => `npm run leads -- release ${id}`,
    });
    out.log(
      result.outcome === "mailed"
        ? `Mailed the spam digest through ${sesEndpoint}: ${result.leads} stored, ${result.counted} counted.`
        : result.outcome === "taken"
          ? "Another digest run mailed these leads just now."
          : "Nothing new in the spam folder since the last digest: nothing mailed.",
    );
  }
}

/** The listing, or release, replay and digest on the deployed stack or npm start's store. */
async function onTable(run: Run, since: Date): Promise<void> {
  const { command, log } = run;
  const leads = await openLeads(command.stackName, run);
  try {
    if (command.releaseId || command.replay || command.digest) {
      if (leads.queues) await onStack(run, leads, leads.queues, since);
      else await onLocal(run, leads, since);
    } else await print(run, await stored(log, leads.store, since), await countedLine(command, leads, since));
  } finally {
    await leads.close();
  }
}

/**
 * `npm run leads` with these arguments, environment and output streams; resolves to the exit code. A problem the
 * operator can fix is one line on stderr and code 1.
 */
export async function leadsCli(args: readonly string[], io: CliIo): Promise<number> {
  const out = new Console({ stdout: io.stdout, stderr: io.stderr });
  const command = readCommand(args);
  const run: Run = {
    command,
    env: io.env,
    out,
    stdout: io.stdout,
    log: createLogger("leads", "warn", (line) => out.error(line)),
  };
  try {
    for (const action of ["export", "erase"] as const) {
      const at = args.indexOf(action);
      if (at >= 0) {
        await exportOrErase(run, action, args[at + 1]);
        return 0;
      }
    }
    const { statusFilter, releaseAt, releaseId } = command;
    if (statusFilter && !LEAD_STATUSES.includes(statusFilter as LeadStatus))
      fail(`--status ${statusFilter}: expected one of ${LEAD_STATUSES.join(", ")}`);
    if (releaseAt >= 0 && !releaseId)
      fail("release: name the lead, e.g. npm run leads -- release 3f2c…  (its id is in the table's last column)");
    const since = sinceDate(command.option("since"));
    await onTable(run, since);
    return 0;
  } catch (error) {
    if (!(error instanceof CliFailure)) throw error;
    out.error(`leads: ${error.message}`);
    return 1;
  }
}

if (isEntryPoint(import.meta.url)) await runAsScript(leadsCli);
