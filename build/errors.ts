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

/** Every content problem found in one validation pass; the build stops before writing anything. */
export class ContentErrors extends Error {
  readonly issues: readonly ContentIssue[];
  constructor(issues: readonly ContentIssue[]) {
    const sorted = [...issues].sort(
      (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.field.localeCompare(b.field),
    );
    super(
      `${sorted.length} content ${sorted.length === 1 ? "error" : "errors"}:\n${sorted.map(formatIssue).join("\n")}`,
    );
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

/** Formats `features[3].url` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** Prints an error for the person who can fix it: editors get their lines, our bugs get the cause chain. */
export function describeError(error: unknown): string {
  if (error instanceof ContentErrors) return error.message;
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
