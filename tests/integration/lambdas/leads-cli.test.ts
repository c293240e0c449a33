import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sesEmulator from "aws-ses-v2-local";
import { Level } from "level";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createDynamoLeadStore, leadKey } from "../../../lambdas/shared/lead-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, startLocalDynamo } from "../../../server/local-dynamo.ts";
import { leadsCli } from "../../../scripts/leads.ts";
import { runCli } from "../../fixtures/cli.ts";

/** Where the AWS SDK looks for credentials besides what the script passes it. */
const AWS_SETTINGS = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "HOME"];
let dynamo: LocalDynamo;
const lead = (submissionId: string, minutesAgo: number, status: "received" | "mailed" | "acknowledged" | "failed") => {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return {
    submissionId,
    form: "send-installation-email",
    status,
    receivedAt: at,
    updatedAt: at,
    attempts: 1,
    lead: { name: "Asha", product: "astroway", package: "android" },
    expiresAt: 0,
  };
};

/** `npm run leads` as an operator runs it, against a local store holding three leads of different ages. */
async function leads(...args: string[]) {
  return leadsWith({ DYNAMO_PORT: new URL(dynamo.endpoint).port }, ...args);
}

/**
 * `npm run leads` (in process) with this environment on top of the test's (a value of undefined removes a variable).
 * The AWS SDK reads credentials from the process's own environment and home folder, so those are set on it for the call.
 */
async function leadsWith(env: Record<string, string | undefined>, ...args: string[]) {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  for (const name of AWS_SETTINGS) vi.stubEnv(name, merged[name]);
  try {
    return await runCli(leadsCli, args, merged);
  } finally {
    vi.unstubAllEnvs();
  }
}

beforeAll(async () => {
  dynamo = await startLocalDynamo({ port: 0 });
  const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
  await store.put({ ...lead("11111111-1111-4111-8111-111111111111", 60 * 24 * 10, "acknowledged") });
  await store.put({ ...lead("22222222-2222-4222-8222-222222222222", 90, "failed"), lastError: "Throttling" });
  await store.put({ ...lead("33333333-3333-4333-8333-333333333333", 5, "mailed") });
});
afterAll(async () => {
  await dynamo?.close();
});

describe("npm run leads", () => {
  test("prints one JSON object per lead, newest first, and only those since the given time with --since", async () => {
    const all = await leads("--json");
    const rows = all.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { submissionId: string; status: string; form: string; receivedAt: string });
    expect(rows.map((row) => [row.submissionId.slice(0, 1), row.status])).toEqual([
      ["3", "mailed"],
      ["2", "failed"],
      ["1", "acknowledged"],
    ]);
    expect(rows[0]).toMatchObject({
      form: "send-installation-email",
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const week = await leads("--json", "--since", "7d");
    expect(week.stdout.trim().split("\n")).toHaveLength(2);
    // A time, as the spam digest prints it in its command for the leads it did not list.
    const fromSecond = await leads("--json", "--since", rows[1]?.receivedAt ?? "");
    expect(fromSecond.stdout.trim().split("\n")).toHaveLength(2);
  });

  test("shows a table with status, form, product and age, and refuses a period it cannot read", async () => {
    const table = await leads();
    expect(table.stdout).toContain("failed");
    expect(table.stdout).toContain("astroway, android");
    expect(table.stdout).toContain("Throttling");
    expect(table.stdout).toMatch(/'1h'/);
    // Which store answered, on stderr so that --json and --csv stay clean.
    expect(table.stderr).toBe(`leads: reading the local store of the running npm start (${dynamo.endpoint})\n`);
    const bad = await leads("--since", "seven days");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("leads: --since seven days: expected a number and a unit, e.g. 30m, 12h, 7d or 2w");
  });
});

describe("npm run leads -- replay", () => {
  type StartEmulator = (config: { host: string; port: number }) => Promise<Server>;
  const startEmulator: StartEmulator =
    (sesEmulator as unknown as { default?: StartEmulator }).default ?? (sesEmulator as unknown as StartEmulator);

  test("mails a failed lead with npm start's own configuration on a machine with no AWS credentials, spending one attempt", async () => {
    const ses = await startEmulator({ host: "127.0.0.1", port: 0 });
    const sesPort = String((ses.address() as AddressInfo).port);
    const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
    const submissionId = "44444444-4444-4444-8444-444444444444";
    const at = new Date(Date.now() - 60_000).toISOString();
    const fields = {
      name: "Asha Verma",
      email: "asha@example.org",
      mobile: "+91 98765 43210",
      product: "astroway",
      package: "android",
      message: "Please install it next week.",
    };
    await store.put({
      submissionId,
      form: "send-installation-email",
      status: "failed",
      receivedAt: at,
      updatedAt: at,
      attempts: 1,
      lead: fields,
      expiresAt: 0,
      lastError: "Throttling",
    });
    try {
      const none = {
        AWS_ACCESS_KEY_ID: undefined,
        AWS_SECRET_ACCESS_KEY: undefined,
        AWS_SESSION_TOKEN: undefined,
        AWS_PROFILE: undefined,
        HOME: tmpdir(),
      };
      const replayed = await leadsWith(
        { ...none, DYNAMO_PORT: new URL(dynamo.endpoint).port, SES_PORT: sesPort },
        "replay",
      );
      expect(replayed.stdout).toContain('"mailed":1');
      expect(await store.get(submissionId)).toMatchObject({ status: "acknowledged", attempts: 2 });
      const mails = (
        (await (await fetch(`http://127.0.0.1:${sesPort}/store`)).json()) as { emails: Array<{ subject: string }> }
      ).emails;
      expect(mails).toHaveLength(2);
    } finally {
      ses.close();
    }
  });
});

describe("phantom index entries", () => {
  test("are dropped by npm run leads with one log line, and never listed", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "leads-phantom-"));
    const real = "55555555-5555-4555-8555-555555555555";
    const phantom = "66666666-6666-4666-8666-666666666666";
    let local = await startLocalDynamo({ dataDir, port: 0 });
    const put = (id: string) =>
      createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: local.client }).put({
        ...lead(id, 3, "received"),
        attempts: 0,
      });
    await put(real);
    await put(phantom);
    await local.close();
    // What a kill -9 of the local store can leave: the index entry written, the lead itself not.
    const db = new Level<string, { pk?: { S?: string } }>(dataDir, { valueEncoding: "json" });
    for await (const [key, value] of db.iterator())
      if (key.startsWith("item-") && value.pk?.S === leadKey(phantom)) await db.del(key);
    await db.close();
    local = await startLocalDynamo({ dataDir, port: 0 });
    try {
      const env = { DYNAMO_PORT: new URL(local.endpoint).port };
      const first = await leadsWith(env, "--json");
      expect(
        first.stdout
          .trim()
          .split("\n")
          .map((line) => (JSON.parse(line) as { submissionId: string }).submissionId),
      ).toEqual([real]);
      expect(first.stderr.match(/phantoms-dropped/g)).toHaveLength(1);
      const second = await leadsWith(env, "--json");
      expect(second.stdout.trim().split("\n")).toHaveLength(1);
      expect(second.stderr).not.toContain("phantoms-dropped");
    } finally {
      await local.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
