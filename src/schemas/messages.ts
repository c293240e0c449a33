import type * as z from "zod/mini";

type EditorIssue = Parameters<z.core.$ZodErrorMap>[0];

/**
 * Plain messages for editors, used where a schema gives none (zod/mini ships no locale): the one place bounds are
 * worded, so z.gt(0) reads "Must be more than 0" and z.gte(1) "Must be at least 1".
 */
export function editorMessage(issue: EditorIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return `Missing required field (expected ${issue.expected})`;
      if (issue.expected === "int") return `Must be a whole number, found ${String(issue.input)}`;
      return `Expected ${issue.expected}, received ${kindOf(issue.input)}`;
    case "too_small":
      if (issue.origin === "array")
        return `Expected ${issue.exact ? "exactly" : "at least"} ${issue.minimum} items, found ${Array.isArray(issue.input) ? issue.input.length : 0}`;
      if (issue.origin === "string") return `Expected at least ${issue.minimum} characters`;
      return `Must be ${issue.inclusive ? "at least" : "more than"} ${issue.minimum}, found ${String(issue.input)}`;
    case "too_big":
      if (issue.origin === "array")
        return `Expected ${issue.exact ? "exactly" : "at most"} ${issue.maximum} items, found ${Array.isArray(issue.input) ? issue.input.length : 0}`;
      if (issue.origin === "string") return `Expected at most ${issue.maximum} characters`;
      return `Must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}, found ${String(issue.input)}`;
    case "invalid_value":
      return `Expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, received ${JSON.stringify(issue.input)}`;
    case "unrecognized_keys":
      return `Unknown field "${issue.keys[0]}"; check its spelling against the schema or remove it`;
    case "invalid_format":
      return `Invalid ${issue.format}`;
    default:
      return issue.message ?? "Invalid value";
  }
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value instanceof Date) return "date";
  return typeof value;
}
