import type { LeadRecord } from "../lambdas/shared/lead-record.ts";
import { cleanSource, sourceLabel } from "../src/schemas/lead-source.ts";
import { toCsv } from "./csv-export.ts";

/**
 * `npm run leads -- report`: what brings leads, from the stored records alone. Every stored request counts, spam
 * included, so the share of spam shows beside each count.
 */

/** The groups of the report, in the order they are printed. */
export const REPORT_GROUPS = ["week", "form", "product", "source"] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportRow {
  group: ReportGroup;
  /** The week's Monday (yyyy-mm-dd, UTC), the form, the product's name, or the source's label. */
  value: string;
  leads: number;
  spam: number;
}

/** The forms by the names a vendor uses; an unknown function keeps its own name. */
const FORM_NAMES: Readonly<Record<string, string>> = {
  "send-contact-email": "contact",
  "send-installation-email": "installation",
  "send-product-inquiry": "product inquiry",
  subscribe: "newsletter",
};

/** The Monday (UTC) of the week of an ISO time, as yyyy-mm-dd. */
export function weekOf(iso: string): string {
  const day = new Date(iso);
  day.setUTCHours(0, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * Counts the leads by week, form, product and source. `productName` turns what a lead stored (an id, or the buy
 * dialog's product name) into the catalogue's name, so one product is one row.
 */
export function leadReport(
  leads: ReadonlyArray<LeadRecord>,
  productName: (stored: string) => string = (stored) => stored,
): ReportRow[] {
  const counts = new Map<string, ReportRow>();
  const count = (group: ReportGroup, value: string, spam: boolean) => {
    const key = `${group}\u0000${value}`;
    const row = counts.get(key) ?? { group, value, leads: 0, spam: 0 };
    row.leads += 1;
    if (spam) row.spam += 1;
    counts.set(key, row);
  };
  for (const lead of leads) {
    // A lead released from the spam folder was a person after all: it counts as one.
    const spam = lead.status === "spam";
    count("week", weekOf(lead.receivedAt), spam);
    count("form", FORM_NAMES[lead.form] ?? lead.form, spam);
    count("product", lead.lead.product ? productName(lead.lead.product) : "(none)", spam);
    count("source", sourceLabel(cleanSource(lead.lead)), spam);
  }
  const rows = [...counts.values()];
  // Weeks in calendar order; every other group biggest first, then by name.
  return REPORT_GROUPS.flatMap((group) =>
    rows
      .filter((row) => row.group === group)
      .sort((a, b) =>
        group === "week" ? a.value.localeCompare(b.value) : b.leads - a.leads || a.value.localeCompare(b.value),
      ),
  );
}

const share = (row: Pick<ReportRow, "leads" | "spam">) => (row.leads === 0 ? 0 : row.spam / row.leads);

/** One CSV line per row: group, value, leads, spam, spamShare (a fraction, three decimals); every cell quoted and defused. */
export function reportCsv(rows: ReadonlyArray<ReportRow>): string {
  return toCsv(
    ["group", "value", "leads", "spam", "spamShare"],
    rows.map((row) => [row.group, row.value, String(row.leads), String(row.spam), share(row).toFixed(3)]),
  );
}

const HEADINGS: Record<ReportGroup, string> = {
  week: "By week (from Monday, UTC)",
  form: "By form",
  product: "By product",
  source: "By source",
};

/** The report as the terminal shows it: a total line, then one small table per group. */
export function reportTable(rows: ReadonlyArray<ReportRow>, period: string): string {
  const total = rows
    .filter((row) => row.group === "week")
    .reduce((sum, row) => ({ leads: sum.leads + row.leads, spam: sum.spam + row.spam }), { leads: 0, spam: 0 });
  const percent = (row: Pick<ReportRow, "leads" | "spam">) => `${Math.round(share(row) * 100)}%`;
  if (total.leads === 0) return `No leads stored ${period}.\n`;
  const out = [`${total.leads} lead${total.leads === 1 ? "" : "s"} ${period}, ${total.spam} spam (${percent(total)})`];
  for (const group of REPORT_GROUPS) {
    const own = rows.filter((row) => row.group === group);
    const width = Math.max(HEADINGS[group].length, ...own.map((row) => row.value.length));
    out.push("", `${HEADINGS[group].padEnd(width)}  ${"leads".padStart(5)}  ${"spam".padStart(5)}  spam share`);
    for (const row of own)
      out.push(
        `${row.value.padEnd(width)}  ${String(row.leads).padStart(5)}  ${String(row.spam).padStart(5)}  ${percent(row).padStart(10)}`,
      );
  }
  return `${out.join("\n")}\n`;
}
