import "./require-node.ts";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SendMessageCommand, SQSClient, StartMessageMoveTaskCommand } from "@aws-sdk/client-sqs";
import { existingLeads, formMails } from "../lambdas/deliver-lead/deliver-lead.ts";
import { readConfig } from "../lambdas/shared/env.ts";
import { deliverStoredLead } from "../lambdas/shared/delivery.ts";
import { invocationDeadline } from "../lambdas/shared/deadline.ts";
import type { LeadRecord } from "../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore, isUnmailed, type LeadStore } from "../lambdas/shared/lead-store.ts";
import { createLogger } from "../lambdas/shared/log.ts";
import { createSesMailer } from "../lambdas/shared/mailer.ts";
import { LOCAL_CREDENTIALS, localLambdaEnv } from "../server/lambda-env.ts";
import { LOCAL_LEADS_TABLE, localDynamoClient, startLocalDynamo } from "../server/local-dynamo.ts";

/**
 * `npm run leads`: the stored leads, newest first (received, age, status, form, product, attempts, last error, id).
 *
 *   npm run leads                          the local store of `npm start` (.data/dynamodb, or LEADS_DIR)
 *   npm run leads -- --json                one JSON object per line (submissionId, form, status, receivedAt, …)
 *   npm run leads -- --since 7d            only leads received in the last 7 days (s, m, h, d, w)
 *   npm run leads -- --stack SiteStack     the deployed table, named by the stack's outputs (default AWS credentials)
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
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const json = args.includes("--json");
const replay = args.includes("replay");
const stackName = option("stack");

function fail(message: string): never {
  console.error(`leads: ${message}`);
  process.exit(1);
}

/** "7d" → the date 7 days ago; epoch when not given. */
function sinceDate(raw: string | undefined): Date {
  if (!raw) return new Date(0);
  const match = /^(\d+)([smhdw])$/.exec(raw);
  if (!match) fail(`--since ${raw}: expected a number and a unit, e.g. 30m, 12h, 7d or 2w`);
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

interface Deployed {
  store: LeadStore;
  queueUrl: string;
  queueArn: string;
  deadLetterArn: string;
}

async function deployed(name: string): Promise<Deployed> {
  const cloudFormation = new CloudFormationClient({});
  const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: name })).catch((error: unknown) => {
    fail(`cannot read stack ${name}: ${error instanceof Error ? error.message : String(error)} (check AWS_PROFILE and AWS_REGION)`);
  });
  const outputs = new Map((Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? "", output.OutputValue ?? ""]));
  const need = (key: string) => outputs.get(key) || fail(`stack ${name} has no output ${key}; deploy the current infra/ first`);
  const tableName = need("LeadsTableName");
  const region = await cloudFormation.config.region();
  return {
    store: createDynamoLeadStore({ tableName, region, client: new DynamoDBClient({ region }) }),
    queueUrl: need("LeadQueueUrl"),
    queueArn: need("LeadQueueArn"),
    deadLetterArn: need("LeadDeadLetterQueueArn"),
  };
}

/**
 * Whether something listens on the port. A refused connection means no; a connection that neither opens nor is
 * refused stops the command, rather than opening the data folder beside a store that is only slow to answer (and
 * listing, or replaying, other leads than npm start's).
 */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(10_000, () => {
      socket.destroy();
      fail(`nothing answered on 127.0.0.1:${port} (DYNAMO_PORT) within 10 s; is npm start stuck?`);
    });
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The store of `npm start`: its dynalite if it runs, else the data folder opened here. */
async function local(): Promise<{ store: LeadStore; endpoint: string; close(): Promise<void> }> {
  const port = Number(process.env.DYNAMO_PORT ?? 8006);
  const endpoint = `http://127.0.0.1:${port}`;
  const running = await listening(port);
  const open = async (url: string, client = localDynamoClient(url)) => ({
    store: createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client }),
    endpoint: url,
  });
  if (running) return { ...(await open(endpoint)), close: async () => undefined };
  const dataDir = path.resolve(rootDir, process.env.LEADS_DIR ?? ".data/dynamodb");
  if (!existsSync(dataDir)) fail("no local leads yet: start the site with npm start and send a form");
  const dynamo = await startLocalDynamo({ dataDir, port: 0 });
  return { ...(await open(dynamo.endpoint, dynamo.client)), close: () => dynamo.close() };
}

function print(leads: LeadRecord[]): void {
  if (json) {
    for (const lead of leads) console.log(JSON.stringify(lead));
    return;
  }
  if (leads.length === 0) {
    console.log("No leads stored in that period.");
    return;
  }
  console.table(
    leads.map((lead) => ({
      received: lead.receivedAt.slice(0, 19).replace("T", " "),
      age: age(lead.receivedAt),
      status: lead.status,
      form: lead.form,
      product: [lead.lead.product, lead.lead.package].filter(Boolean).join(", "),
      attempts: lead.attempts,
      error: lead.lastError ?? "",
      id: lead.submissionId,
    })),
  );
}

const log = createLogger("leads", "warn", (line) => console.error(line));

/** Every stored lead since `since` (phantom index entries dropped), optionally only those not mailed yet. */
async function stored(store: LeadStore, since: Date, onlyUnmailed = false): Promise<LeadRecord[]> {
  const leads: LeadRecord[] = [];
  for await (const lead of existingLeads(store, since, log, "leads", (listed) => !onlyUnmailed || isUnmailed(listed.status))) {
    if (!onlyUnmailed || isUnmailed(lead.status)) leads.push(lead);
  }
  return leads;
}

const since = sinceDate(option("since"));
if (stackName) {
  const stack = await deployed(stackName);
  if (replay) {
    const sqs = new SQSClient({});
    try {
      const task = await sqs.send(new StartMessageMoveTaskCommand({ SourceArn: stack.deadLetterArn, DestinationArn: stack.queueArn }));
      console.log(`Moving the dead-letter queue back onto the retry queue (task ${task.TaskHandle ?? "started"}).`);
    } catch (error) {
      console.log(`Dead-letter queue not moved: ${error instanceof Error ? error.message : String(error)}`);
    }
    const open = await stored(stack.store, since, true);
    for (const lead of open) {
      await sqs.send(new SendMessageCommand({ QueueUrl: stack.queueUrl, MessageBody: JSON.stringify({ submissionId: lead.submissionId, form: lead.form }) }));
    }
    console.log(`Re-enqueued ${open.length} lead${open.length === 1 ? "" : "s"} not mailed yet; deliver-lead mails each once.`);
  } else print(await stored(stack.store, since));
} else {
  const db = await local();
  try {
    if (replay) {
      const sesEndpoint = `http://127.0.0.1:${process.env.SES_PORT ?? 8005}`;
      // npm start's configuration, as its handlers see it (values the developer set win, as there).
      const config = readConfig({ ...(await localLambdaEnv({ sesEndpoint, dynamoEndpoint: db.endpoint, contentDir: path.join(rootDir, "content") })), ...process.env });
      const forms = formMails(config.catalogue);
      const deps = {
        config,
        store: db.store,
        mailer: createSesMailer({ region: config.region, endpoint: sesEndpoint, credentials: LOCAL_CREDENTIALS }),
        queue: { enqueue: async () => undefined },
        log: createLogger("leads-replay", "warn"),
      };
      const counts: Record<string, number> = {};
      for (const lead of await stored(db.store, since, true)) {
        const mailsOf = forms.get(lead.form);
        const result = mailsOf ? await deliverStoredLead(lead.submissionId, mailsOf, deps, invocationDeadline(undefined, 10_000), "replay") : "form not known";
        counts[result] = (counts[result] ?? 0) + 1;
      }
      console.log(`Replayed through ${sesEndpoint}: ${JSON.stringify(counts)}`);
    } else print(await stored(db.store, since));
  } finally {
    await db.close();
  }
}
