import { stringify } from "csv-stringify/sync";
import type { LeadRecord } from "../lambdas/shared/lead-record.ts";
import { SOURCE_FIELDS } from "../src/schemas/lead-source.ts";
import { leadFields } from "../src/schemas/lead-fields.ts";

/**
 * CSV for a spreadsheet, written so that opening it runs nothing (OWASP "CSV Injection", ASVS 1.2.10):
 * - every cell is quoted (csv-stringify escapes the quotes inside), so a `,` in a value never starts a cell;
 * - a spreadsheet whose list separator is `;` splits the file at every `;` whatever the quotes, and some importers
 *   split a quoted cell at its line breaks: a `;` or a line break followed by a formula character gets a `'` after
 *   it, so that piece starts with `'` as well;
 * - a cell a spreadsheet would evaluate gets a leading `'`: one that starts with = + - @ (or their full-width forms,
 *   which some East Asian versions of Excel take as the ASCII ones), also after leading white space, which Excel and
 *   LibreOffice skip; or that starts with a tab, CR, LF or NUL;
 * - except a value that is exactly its own field's format: a mobile number the form's schema accepts (digits, spaces,
 *   + - and brackets: no function, no cell reference, nothing to run) or an e-mail address it accepts (no brackets, no
 *   `|`, no `!`). `+91 98765 43210` is the visitor's number and `+x@example.com` their address: a `'` in front would
 *   make them a different value for whoever imports the file into a mailing tool or a CRM.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: a leading tab, CR, LF or NUL is what a spreadsheet reads.
const FORMULA_START = /^(?:[\t\r\n\u0000]|[\s\u0000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

const emailSchema = leadFields.email();
const mobileSchema = leadFields.mobile();
/** A value passes when its field's schema takes it unchanged (the schemas trim; a padded value is not as typed). */
const exactly =
  (schema: typeof emailSchema | typeof mobileSchema) =>
  (value: string): boolean => {
    const parsed = schema.safeParse(value);
    return parsed.success && parsed.data === value;
  };

/** The columns whose own format is written as typed, by column name (a lead's field, the subscribers' `email`). */
const TYPED_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  email: exactly(emailSchema),
  mobile: exactly(mobileSchema),
};

/**
 * A `;` before a formula: a spreadsheet whose list separator is `;` (most of Europe) splits this comma-separated file
 * at every `;`, quotes or not, and the piece after it starts a cell of its own.
 */
const FORMULA_AFTER_SEMICOLON = /;(?=[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;
/**
 * A line break before a formula: an importer that takes a line break inside quotes as the end of the row (Excel's
 * legacy text import, many CRM uploads) starts a cell with what follows it.
 */
const FORMULA_AFTER_LINE_BREAK = /(\r\n|\r|\n)(?=[ \t"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/** The text of one cell of `column`, defused unless it is exactly that column's format. */
export function spreadsheetSafe(value: string, column: string): string {
  const typed = Object.hasOwn(TYPED_FORMATS, column) ? TYPED_FORMATS[column] : undefined;
  if (typed?.(value)) return value;
  const pieces = value.replace(FORMULA_AFTER_SEMICOLON, ";'").replace(FORMULA_AFTER_LINE_BREAK, "$1'");
  return FORMULA_START.test(pieces) ? `'${pieces}` : pieces;
}

/** A whole CSV file (header line, one line per row, `\n` after each), every cell quoted and defused. */
export function toCsv(header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const safeRows = rows.map((row) => row.map((value, at) => spreadsheetSafe(value, header[at] ?? "")));
  return stringify([header.map((name) => spreadsheetSafe(name, "")), ...safeRows], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: "unix",
  });
}

const LEAD_COLUMNS = [
  "submissionId",
  "form",
  "status",
  "spamReason",
  "receivedAt",
  "updatedAt",
  "attempts",
  "lastError",
] as const;

/**
 * `npm run leads -- --csv`: one row per lead, the record's columns, then every field any lead has (sorted), the
 * source's fields last. A field is read only when the lead has it as its own: a spam body's keys (`constructor`,
 * `toString`) must not read Object.prototype's functions out of every other lead.
 */
export function leadsCsv(leads: ReadonlyArray<LeadRecord>): string {
  const source: ReadonlyArray<string> = SOURCE_FIELDS;
  const own = [...new Set(leads.flatMap((lead) => Object.keys(lead.lead)))].filter((key) => !source.includes(key));
  const fields = [...own.sort(), ...SOURCE_FIELDS];
  const field = (lead: LeadRecord, key: string) => (Object.hasOwn(lead.lead, key) ? (lead.lead[key] ?? "") : "");
  return toCsv(
    [...LEAD_COLUMNS, ...fields],
    leads.map((lead) => [
      ...LEAD_COLUMNS.map((key) => String(lead[key] ?? "")),
      ...fields.map((key) => field(lead, key)),
    ]),
  );
}
