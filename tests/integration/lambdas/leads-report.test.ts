import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LeadRecord } from "../../../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore } from "../../../lambdas/shared/lead-store.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, startLocalDynamo } from "../../../server/local-dynamo.ts";
import { leadsCli } from "../../../scripts/leads.ts";
import { runCli } from "../../fixtures/cli.ts";

let dynamo: LocalDynamo;

const GOOGLE = { utmSource: "google", utmMedium: "cpc", utmCampaign: "spring-sale", landingPath: "/products/whatsway" };
const NEWSLETTER = { utmSource: "newsletter", utmMedium: "email", utmCampaign: "nov", landingPath: "/blog" };
const visitor = { name: "Asha Verma", email: "asha@example.org", mobile: "+91 98765 43210" };

let next = 0;
function lead(
  form: string,
  receivedAt: string,
  fields: Record<string, string>,
  status: LeadRecord["status"] = "mailed",
): LeadRecord {
  next += 1;
  return {
    submissionId: `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    form,
    status,
    ...(status === "spam" ? { spamReason: "honeypot" as const } : {}),
    receivedAt,
    updatedAt: receivedAt,
    attempts: 1,
    lead: { ...visitor, ...fields },
    expiresAt: 0,
  };
}

/** Six stored requests over three weeks: three forms and the newsletter, two of them spam. */
const SEEDED = [
  lead("send-contact-email", "2026-11-03T09:00:00.000Z", { product: "whatsway", ...GOOGLE }),
  lead("send-installation-email", "2026-11-08T23:30:00.000Z", {
    product: "astroway",
    package: "android",
    ...NEWSLETTER,
  }),
  lead("send-contact-email", "2026-11-09T10:00:00.000Z", { product: "" }, "spam"),
  lead("send-product-inquiry", "2026-11-12T10:00:00.000Z", { product: "Legalway", referrer: "bing.com" }),
  lead("send-contact-email", "2026-11-16T00:10:00.000Z", { product: "whatsway", ...GOOGLE }, "spam"),
  lead("subscribe", "2026-11-20T10:00:00.000Z", { email: "ravi@example.org", ...NEWSLETTER }),
];

/** `npm run leads` (in process) against the seeded store: what it printed; fails the test unless it exits with 0. */
async function leads(...args: string[]) {
  const { code, stdout, stderr } = await runCli(leadsCli, args, {
    ...process.env,
    DYNAMO_PORT: new URL(dynamo.endpoint).port,
  });
  expect(code, stderr).toBe(0);
  return stdout;
}

beforeAll(async () => {
  dynamo = await startLocalDynamo({ port: 0 });
  const store = createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client });
  for (const record of SEEDED) await store.put(record);
});
afterAll(async () => {
  await dynamo?.close();
});

describe("npm run leads -- report", () => {
  test("--csv counts the leads and the share of spam by week, form, product and source, every cell quoted", async () => {
    expect(await leads("report", "--csv")).toBe(
      [
        '"group","value","leads","spam","spamShare"',
        '"week","2026-11-02","2","0","0.000"',
        '"week","2026-11-09","2","1","0.500"',
        '"week","2026-11-16","2","1","0.500"',
        '"form","contact","3","2","0.667"',
        '"form","installation","1","0","0.000"',
        '"form","newsletter","1","0","0.000"',
        '"form","product inquiry","1","0","0.000"',
        '"product","(none)","2","1","0.500"',
        '"product","Whatsway","2","1","0.500"',
        '"product","Astroway","1","0","0.000"',
        '"product","Legalway","1","0","0.000"',
        '"source","google / cpc / spring-sale","2","1","0.500"',
        '"source","newsletter / email / nov","2","0","0.000"',
        '"source","bing.com","1","0","0.000"',
        '"source","direct","1","1","1.000"',
        "",
      ].join("\n"),
    );
  });

  test("prints the same counts as tables in the terminal, under a total line", async () => {
    const table = await leads("report");
    expect(table).toMatch(/^6 leads in the store, 2 spam \(33%\)$/m);
    expect(table).toMatch(/^By source +leads +spam +spam share$/m);
    expect(table).toMatch(/^google \/ cpc \/ spring-sale +2 +1 +50%$/m);
    expect(table).toMatch(/^2026-11-02 +2 +0 +0%$/m);
  });

  test("the lead list shows each lead's source, and --csv carries each source field", async () => {
    expect(await leads()).toContain("google / cpc / spring-sale");
    const [header, ...rows] = (await leads("--csv")).trim().split("\n");
    expect(header?.split(",").slice(-7)).toEqual([
      '"utmSource"',
      '"utmMedium"',
      '"utmCampaign"',
      '"utmTerm"',
      '"utmContent"',
      '"referrer"',
      '"landingPath"',
    ]);
    expect(
      rows.filter((row) => row.endsWith('"google","cpc","spring-sale","","","","/products/whatsway"')),
    ).toHaveLength(2);
    const json = (await leads("--json"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as LeadRecord);
    expect(json.find((record) => record.form === "send-product-inquiry")?.lead.referrer).toBe("bing.com");
  });
});
