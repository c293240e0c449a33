import { readFileSync } from "node:fs";
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

/**
 * Every content problem found in one build; the build stops before writing anything. `waiting` are checks that need
 * valid content (a link to a page made from content): listed after the errors, as checked in the next round.
 */
export class ContentErrors extends Error {
  readonly issues: readonly ContentIssue[];
  readonly waiting: readonly ContentIssue[];
  constructor(issues: readonly ContentIssue[], waiting: readonly ContentIssue[] = []) {
    const sorted = [...issues].sort(byPlace);
    const later = [...waiting].sort(byPlace);
    const lines = [`${sorted.length} content ${sorted.length === 1 ? "error" : "errors"}:`, ...sorted.map(formatIssue)];
    if (later.length)
      lines.push("", "Checked in the next round, once the errors above are fixed:", ...later.map(formatIssue));
    super(lines.join("\n"));
    this.name = "ContentErrors";
    this.issues = sorted;
    this.waiting = later;
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
 * A syntax error esbuild (directly, or through tsx loading a module) found in our code, as `file:line:column message`
 * and esbuild's own code frame (the line with a caret) for each error, or undefined when `error` and its causes are
 * none. tsx gives only the text "Transform failed with 1 error:\n<file>:<line>:<column>: ERROR: <message>"; esbuild's
 * build API gives `errors` with locations. esbuild counts columns from 0; editors (and the first line) from 1.
 */
function describeCodeError(error: unknown, rootDir: string = process.cwd()): string | undefined {
  const relative = (file: string) => (file.startsWith(`${rootDir}/`) ? file.slice(rootDir.length + 1) : file);
  for (let current: unknown = error; current; current = current instanceof Error ? current.cause : undefined) {
    const found: PartialMessage[] = [];
    const { errors } = current as { errors?: unknown };
    if (Array.isArray(errors)) {
      for (const item of errors as PartialMessage[])
        if (item?.location?.file && typeof item.text === "string") found.push(item);
    }
    const text = current instanceof Error ? current.message : "";
    for (const match of text.matchAll(/^(.+?):(\d+):(\d+): ERROR: (.*)$/gm)) {
      const [, file = "", line = "", column = "", message = ""] = match;
      found.push({ text: message, location: { file, line: Number(line), column: Number(column) } });
    }
    if (!found.length) continue;
    const messages = found.map((message) => ({ ...message, location: withLineText(message.location ?? {}) }));
    const frames = formatMessagesSync(messages, { kind: "error", color: false });
    const located = messages.map(({ text, location: at }, i) => {
      const frame = (frames[i] ?? "").split("\n").filter((line) => /[│╵]/.test(line) && at.lineText);
      return [
        `${relative(at.file ?? "")}:${at.line}:${(at.column ?? 0) + 1} ${text}`,
        ...frame.map((line) => line.slice(6)),
      ];
    });
    return [...new Set(located.map((lines) => lines.join("\n")))].join("\n");
  }
  return undefined;
}

/** A location with its line of source, read from the file when esbuild did not give it (tsx's text messages). */
function withLineText(at: NonNullable<PartialMessage["location"]>) {
  let lineText = at.lineText;
  if (lineText === undefined && at.file) {
    try {
      lineText = readFileSync(at.file, "utf8").split(/\r?\n/)[(at.line ?? 1) - 1];
    } catch {}
  }
  return { ...at, line: at.line ?? 1, column: at.column ?? 0, lineText: lineText ?? "" };
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
