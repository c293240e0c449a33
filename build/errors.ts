import { formatMessagesSync, type PartialMessage } from "esbuild";

/** One problem an editor can fix: where it is and what is wrong. */
export interface ContentIssue {
  /** Path relative to the project root, e.g. content/products/esim.yaml. */
  file: string;
  /** 1-based line, when the parser knows it. */
  line?: number;
  /** Field path such as features[3] or purchaseOptions[1].url; empty for the whole file. */
  field: string;
  message: string;
}

/** `content/products/esim.yaml:12 features[3]: Expected string, received number` */
export function formatIssue(issue: ContentIssue): string {
  const where = issue.line ? `${issue.file}:${issue.line}` : issue.file;
  return issue.field ? `${where} ${issue.field}: ${issue.message}` : `${where}: ${issue.message}`;
}

/** GitHub's escapes for a workflow command: `%`, CR and LF everywhere; `:` and `,` too inside a property. */
const escapeData = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/**
 * One issue as a GitHub Actions error annotation: the pull request shows it on the file and line, titled with the
 * field, with the same `file:line field: message` the terminal prints (`::error file=…,line=…,title=…::…`).
 */
export function formatAnnotation(issue: ContentIssue): string {
  const properties = [`file=${escapeProperty(issue.file)}`];
  if (issue.line) properties.push(`line=${issue.line}`);
  properties.push(`title=${escapeProperty(issue.field || "content")}`);
  return `::error ${properties.join(",")}::${escapeData(formatIssue(issue))}`;
}

const byPlace = (a: ContentIssue, b: ContentIssue) =>
  a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.field.localeCompare(b.field);

/** Every content problem found in one build; the build stops before writing anything. */
export class ContentErrors extends Error {
  readonly issues: readonly ContentIssue[];
  constructor(issues: readonly ContentIssue[]) {
    const sorted = [...issues].sort(byPlace);
    const lines = [`${sorted.length} content ${sorted.length === 1 ? "error" : "errors"}:`, ...sorted.map(formatIssue)];
    super(lines.join("\n"));
    this.name = "ContentErrors";
    this.issues = sorted;
  }
}

/** A failure of our own code while processing one file or page; keeps the cause for the stack we print. */
export class BuildError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BuildError";
  }
}

/** A setting the build needs and was not given: its message names the setting, and no stack trace would help. */
export class SettingError extends BuildError {
  override name = "SettingError";
}

/**
 * A syntax error esbuild found in our code, as esbuild formats it (file:line:column, its message, the line with a
 * caret), or undefined when `error` and its causes are none. Through tsx it is only text that already says file:line.
 */
function describeCodeError(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { errors } = current as { errors?: PartialMessage[] };
    if (Array.isArray(errors) && errors.length)
      return formatMessagesSync(errors, { kind: "error", color: false }).join("").trim();
    if (/^Transform failed/.test(current.message)) return current.message;
  }
  return undefined;
}

/** Prints an error for the person who can fix it: editors get their lines, our bugs get the cause chain. */
export function describeError(error: unknown): string {
  if (error instanceof ContentErrors || error instanceof SettingError) return error.message;
  const code = describeCodeError(error);
  if (code) return `Syntax error in the code:\n${code}`;
  const lines: string[] = [];
  let current: unknown = error;
  let depth = 1;
  while (current) {
    const text = current instanceof Error ? (current.stack ?? current.message) : String(current);
    lines.push(`${depth}. ${text}`);
    current = current instanceof Error ? current.cause : undefined;
    depth += 1;
  }
  return lines.join("\n");
}

/** A rejection handler that throws a BuildError saying what failed, with the failure as its cause. */
export const rethrowAs =
  (message: string) =>
  (cause: unknown): never => {
    throw new BuildError(message, { cause });
  };
