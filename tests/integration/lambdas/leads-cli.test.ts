import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDynamoLeadStore } from "../../../lambdas/shared/lead-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, startLocalDynamo } from "../../../server/local-dynamo.ts";

const run = promisify(execFile);
let dynamo: LocalDynamo;
const lead = (submissionId: string, minutesAgo: number, status: "received" | "mailed" | "acknowledged" | "failed") => {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return { submissionId, form: "send-installation-email", status, receivedAt: at, updatedAt: at, attempts: 1, lead: { name: "Asha", product: "astroway", package: "android" }, expiresAt: 0 };
};

/** `npm run leads` as an operator runs it, against a local store holding three leads of different ages. */
async function leads(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], {
    env: { ...process.env, DYNAMO_PORT: new URL(dynamo.endpoint).port },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
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
    const rows = all.stdout.trim().split("\n").map((line) => JSON.parse(line) as { submissionId: string; status: string; form: string; receivedAt: string });
    expect(rows.map((row) => [row.submissionId.slice(0, 1), row.status])).toEqual([["3", "mailed"], ["2", "failed"], ["1", "acknowledged"]]);
    expect(rows[0]).toMatchObject({ form: "send-installation-email", receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const week = await leads("--json", "--since", "7d");
    expect(week.stdout.trim().split("\n")).toHaveLength(2);
  });

  test("shows a table with status, form, product and age, and refuses a period it cannot read", async () => {
    const table = await leads();
    expect(table.stdout).toContain("failed");
    expect(table.stdout).toContain("astroway, android");
    expect(table.stdout).toContain("Throttling");
    expect(table.stdout).toMatch(/'1h'/);
    const bad = await leads("--since", "seven days");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("leads: --since seven days: expected a number and a unit, e.g. 30m, 12h, 7d or 2w");
  });
});
