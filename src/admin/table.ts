/** A table as the editor's form holds it: each column's heading and alignment, and each row's cells. */
export interface TableData {
  columns: { heading: string; align: Align }[];
  rows: { cells: string[] }[];
}
type Align = "left" | "center" | "right";

/** A markdown (GFM) table block: heading row, delimiter row, body rows. */
export const TABLE_PATTERN = /^(\|[^\n]*\|)[ \t]*\n(\|[ \t:|-]+\|)[ \t]*\n((?:\|[^\n]*\|[ \t]*(?:\n|$))*)/m;

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

const alignOf = (delimiter: string): Align =>
  delimiter.startsWith(":") && delimiter.endsWith(":") ? "center" : delimiter.endsWith(":") ? "right" : "left";

export function tableFromMarkdown(match: RegExpMatchArray): TableData {
  const aligns = cellsOf(match[2] ?? "").map(alignOf);
  return {
    columns: cellsOf(match[1] ?? "").map((heading, i) => ({ heading, align: aligns[i] ?? "left" })),
    rows: (match[3] ?? "")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => ({ cells: cellsOf(line) })),
  };
}

/** The table in GFM: `---:` for a right-aligned column, `:---:` centred, the build's markdown reads it (prose.css). */
export function tableToMarkdown({ columns = [], rows = [] }: Partial<TableData>): string {
  const line = (cells: string[]) => `| ${columns.map((_, i) => (cells[i] ?? "").replace(/\|/g, "\\|")).join(" | ")} |`;
  const delimiter = columns.map(({ align }) => (align === "center" ? ":---:" : align === "right" ? "---:" : "---"));
  return [
    line(columns.map((c) => c.heading)),
    `| ${delimiter.join(" | ")} |`,
    ...rows.map((r) => line(r.cells ?? [])),
  ].join("\n");
}

/** The table as the article shows it: the same align-* classes the build writes (build/markdown/rehype-table-align.ts). */
export function tableToHtml({ columns = [], rows = [] }: Partial<TableData>): string {
  const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const cell = (tag: string, text: string, i: number) =>
    `<${tag} class="align-${columns[i]?.align ?? "left"}">${escapeHtml(text)}</${tag}>`;
  const head = `<tr>${columns.map((c, i) => cell("th", c.heading, i)).join("")}</tr>`;
  const body = rows
    .map((r) => `<tr>${columns.map((_, i) => cell("td", r.cells?.[i] ?? "", i)).join("")}</tr>`)
    .join("");
  return `<table><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/** A table made in a form (columns with their alignment, rows of cells), written to the body as a markdown table. */
const plain = (data: unknown): Partial<TableData> =>
  (typeof (data as { toJS?: unknown })?.toJS === "function"
    ? (data as { toJS(): unknown }).toJS()
    : data) as Partial<TableData>;
export const tableComponent = {
  id: "table",
  label: "Table",
  fields: [
    {
      name: "columns",
      label: "Columns",
      label_singular: "column",
      widget: "list",
      summary: "{{fields.heading}} ({{fields.align}})",
      fields: [
        { name: "heading", label: "Heading", widget: "string" },
        { name: "align", label: "Alignment", widget: "select", options: ["left", "center", "right"], default: "left" },
      ],
    },
    {
      name: "rows",
      label: "Rows",
      label_singular: "row",
      widget: "list",
      fields: [
        {
          name: "cells",
          label: "Cells, one per column",
          label_singular: "cell",
          widget: "list",
          field: { name: "cell", label: "Cell", widget: "string" },
        },
      ],
    },
  ],
  pattern: TABLE_PATTERN,
  fromBlock: tableFromMarkdown,
  toBlock: (data: unknown) => tableToMarkdown(plain(data)),
  toPreview: (data: unknown) => tableToHtml(plain(data)),
};
