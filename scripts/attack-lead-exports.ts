import "./require-node.ts";
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type AttributeValue, ScanCommand } from "@aws-sdk/client-dynamodb";
import type { LeadRecord } from "../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore } from "../lambdas/shared/lead-store.ts";
import { createDynamoSubscriberStore } from "../lambdas/shared/subscriber-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, startLocalDynamo } from "../server/local-dynamo.ts";

/**
 * Measured the way an attacker and an operator meet them, through the real CLI:
 *
 *   npx tsx scripts/attack-lead-exports.ts
 *
 * Exports: 74 ordinary leads and one spam body whose keys are constructor, toString, valueOf and hasOwnProperty and
 * whose values are formulas; one pending subscriber `+x@example.com`. Counts, in `npm run leads -- --csv` and
 * `npm run subscribers -- --csv --all`: rows carrying `[native code]`, cells that start a formula in a spreadsheet
 * (unquoted, or after the list separator `;`), and phone numbers or addresses written other than typed.
 * Erasure: a lead of victim@example.org and a spam body holding it under `e-mail`; `erase` it with the store closed (the
 * CLI opens the folder) and with npm start's store running (the CLI talks to it over HTTP). Counts the items and the
 * files of the store's folder that still hold the address (while npm start runs, and after it stops), and whether
 * erase names what it cannot reach.
 * DYNAMO_PORT (default 9181) must be a port nothing listens on: the closed-store case relies on it.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = promisify(execFile);
const idleDynamoPort = process.env.DYNAMO_PORT ?? "9181";

async function cli(script: string, env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
    cwd: rootDir,
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ stdout, stderr }),
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "" }),
  );
}

let next = 0;
function record(fields: Record<string, string>, status: LeadRecord["status"] = "mailed"): LeadRecord {
  next += 1;
  const at = new Date(Date.now() - next * 60_000).toISOString();
  return {
    submissionId: `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    form: "send-contact-email",
    status,
    ...(status === "spam" ? { spamReason: "honeypot" as const } : {}),
    receivedAt: at,
    updatedAt: at,
    attempts: 1,
    lead: fields,
    expiresAt: 0,
  };
}

/** The raw lines of a CSV split into cells by `separator`, minding double quotes (as a spreadsheet reads it). */
function cells(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Cells a spreadsheet would evaluate, read with `,` and with `;` as the list separator; and the phone/address cells changed. */
function csvFindings(text: string, typed: ReadonlyArray<string>) {
  // A phone number or address kept as typed is not counted: it holds no function and no cell reference.
  const formula = (cell: string) => (/^[\s]*[=+\-@]/.test(cell) || /^[\t\r]/.test(cell)) && !typed.includes(cell);
  const comma = cells(text, ",").flat();
  // Read with `;` as the separator, a line's first cell is the comma reading's first field: what follows a `;` is new.
  const afterSemicolon = cells(text, ";").flatMap((row) => row.slice(1));
  return {
    nativeCodeRows: text.split("\n").filter((line) => line.includes("[native code]")).length,
    formulaCells: comma.filter(formula).length + afterSemicolon.filter(formula).length,
    typedChanged: typed.filter((value) => !comma.includes(value)).length,
  };
}

async function holding(dataDir: string, address: string): Promise<number> {
  let count = 0;
  for (const file of await readdir(dataDir)) {
    const bytes = await readFile(path.join(dataDir, file)).catch(() => Buffer.alloc(0));
    if (bytes.toString("latin1").toLowerCase().includes(address)) count += 1;
  }
  return count;
}

async function itemsHolding(dynamo: LocalDynamo, address: string): Promise<number> {
  let count = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.client.send(new ScanCommand({ TableName: LOCAL_LEADS_TABLE, ExclusiveStartKey: start }));
    count += (page.Items ?? []).filter((item) => JSON.stringify(item).toLowerCase().includes(address)).length;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

async function row7() {
  const dynamo = await startLocalDynamo({ port: 0 });
  try {
    const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
    const typed = ["+91 98765 43210", "+x@example.com"];
    for (let i = 0; i < 74; i++)
      await store.put(
        record({ name: `Visitor ${i}`, email: "+x@example.com", mobile: "+91 98765 43210", message: "Call me." }),
      );
    await store.put(
      record(
        {
          constructor: "a",
          toString: "b",
          valueOf: "c",
          hasOwnProperty: "d",
          name: ";=cmd|' /C calc'!A0",
          company: "=1+1",
          subject: "@SUM(1)",
          message: "-2+3",
        },
        "spam",
      ),
    );
    const env = { DYNAMO_PORT: new URL(dynamo.endpoint).port };
    const leads = csvFindings((await cli("leads.ts", env, "--csv")).stdout, typed);
    await createDynamoSubscriberStore({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE }).request(
      "+x@example.com",
      {
        nonce: "n1",
        requestedAt: new Date(),
        unsubscribeUrl: "https://example.org/newsletter/unsubscribe?t=x",
        consentText: "Send me the newsletter.",
      },
      new Date(),
    );
    const subscribers = csvFindings((await cli("subscribers.ts", env, "--csv", "--all")).stdout, ["+x@example.com"]);
    return { leads, subscribers };
  } finally {
    await dynamo.close();
  }
}

async function seedVictim(dynamo: LocalDynamo, address: string) {
  const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
  await store.put(record({ name: "Asha", email: address, message: "Please call me back." }));
  await store.put(record({ "e-mail": address.toUpperCase(), text: "buy now" }, "spam"));
  await store.put(record({ name: "Ravi", email: "ravi@example.org", message: "Unrelated lead." }));
}

async function row8() {
  const address = "victim@example.org";
  const stopped = await mkdtemp(path.join(tmpdir(), "erase-stopped-"));
  const running = await mkdtemp(path.join(tmpdir(), "erase-running-"));
  try {
    let dynamo = await startLocalDynamo({ dataDir: stopped, port: 0 });
    await seedVictim(dynamo, address);
    await dynamo.close();
    const closedRun = await cli("leads.ts", { LEADS_DIR: stopped, DYNAMO_PORT: idleDynamoPort }, "erase", address);
    const closedFiles = await holding(stopped, address);
    dynamo = await startLocalDynamo({ dataDir: stopped, port: 0 });
    const closedItems = await itemsHolding(dynamo, address);
    await dynamo.close();

    dynamo = await startLocalDynamo({ dataDir: running, port: 0 });
    let runningItems = -1;
    let runningFiles = -1;
    let runningRun = { stdout: "", stderr: "" };
    try {
      await seedVictim(dynamo, address);
      runningRun = await cli("leads.ts", { DYNAMO_PORT: new URL(dynamo.endpoint).port }, "erase", address);
      runningItems = await itemsHolding(dynamo, address);
      runningFiles = await holding(running, address);
    } finally {
      await dynamo.close();
    }
    // npm start stopped (Ctrl-C): its store closes as it does.
    const runningFilesAfterStop = await holding(running, address);
    const saysUnreachable = (stderr: string) => /cannot reach/i.test(stderr);
    return {
      storeClosed: {
        itemsHolding: closedItems,
        filesHolding: closedFiles,
        namesUnreachable: saysUnreachable(closedRun.stderr),
      },
      storeRunning: {
        itemsHolding: runningItems,
        filesHoldingWhileRunning: runningFiles,
        filesHoldingAfterStop: runningFilesAfterStop,
        namesUnreachable: saysUnreachable(runningRun.stderr),
      },
    };
  } finally {
    await rm(stopped, { recursive: true, force: true });
    await rm(running, { recursive: true, force: true });
  }
}

console.log(JSON.stringify({ row7: await row7(), row8: await row8() }, null, 2));
