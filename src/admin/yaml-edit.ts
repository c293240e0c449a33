import { Document, isMap, isPair, isScalar, isSeq, type Node, type Pair, parseDocument, Scalar } from "yaml";

/**
 * Writes an edited entry back into the text it was read from, touching only the lines of what changed (re-rendering
 * the whole document would refold long text): a changed field keeps its quoting or block style, a cleared one goes, a
 * never-set one is not added. A new file is written in the form's field order, unset fields left out.
 */
export function editYaml(original: string, value: Record<string, unknown>, order: readonly string[] = []): string {
  if (!original.trim()) return render(sorted(pruned(value), order), 0);
  const doc = parseDocument(original);
  const edits: Edit[] = [];
  if (isMap(doc.contents)) editMap(original, doc.contents.items as Pair<Node, Node>[], value, edits);
  else edits.push({ start: 0, end: original.length, text: render(pruned(value), 0) });
  return edits
    .sort((a, b) => b.start - a.start || b.end - a.end)
    .reduce((text, e) => text.slice(0, e.start) + e.text + text.slice(e.end), original);
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A value an editor leaves when they never set a field: written nowhere unless the file already had it. */
export function unset(value: unknown): boolean {
  if (value === undefined || value === null || value === "" || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.values(value).every(unset);
}

function editMap(text: string, pairs: Pair<Node, Node>[], value: Record<string, unknown>, edits: Edit[]): void {
  const byKey = new Map(pairs.map((pair) => [String(isScalar(pair.key) ? pair.key.value : pair.key), pair]));
  const first = pairs[0];
  let after = first ? lineStart(text, start(first)) : 0;
  let indent = first ? column(text, start(first)) : 0;
  for (const [key, next] of Object.entries(value)) {
    const pair = byKey.get(key);
    if (!pair) {
      if (!unset(next)) edits.push({ start: after, end: after, text: render({ [key]: pruned(next) }, indent) });
      continue;
    }
    indent = column(text, start(pair));
    after = spanOf(text, pair).end;
    editPair(text, pair, key, next, edits);
  }
  for (const [key, pair] of byKey) if (!(key in value)) edits.push({ ...spanOf(text, pair), text: "" });
}

function editPair(text: string, pair: Pair<Node, Node>, key: string, next: unknown, edits: Edit[]): void {
  const node = pair.value;
  const old = node?.toJSON();
  if (same(old, next)) return;
  const span = spanOf(text, pair);
  if (next === undefined || next === null || next === "" || (Array.isArray(next) && next.length === 0)) {
    edits.push({ ...span, text: "" });
  } else if (isMap(node) && isRecord(next)) {
    editMap(text, node.items as Pair<Node, Node>[], next, edits);
  } else if (isSeq(node) && Array.isArray(next) && node.items.length === next.length) {
    for (const [i, item] of node.items.entries()) editItem(text, item as Node, next[i], edits);
  } else {
    edits.push({ ...span, text: render({ [key]: styled(node, next) }, column(text, start(pair))) });
  }
}

function editItem(text: string, node: Node, next: unknown, edits: Edit[]): void {
  if (same(node.toJSON(), next)) return;
  if (isMap(node) && isRecord(next)) {
    editMap(text, node.items as Pair<Node, Node>[], next, edits);
    return;
  }
  const range = node.range ?? [0, 0, 0];
  const from = lineStart(text, range[0]);
  const dash = text.lastIndexOf("-", range[0]);
  const end = lineEnd(text, range[1]);
  edits.push({ start: from, end, text: render([styled(node, next)], column(text, dash)) });
}

/** The new value in the old one's quoting or block style, where it is still a string. */
function styled(node: Node | null, next: unknown): unknown {
  if (!isScalar(node) || typeof next !== "string") return pruned(next);
  const scalar = new Scalar(next);
  scalar.type = node.type;
  return scalar;
}

/** The lines a key and its value take, with the comments above the key left where they are. */
function spanOf(text: string, pair: Pair<Node, Node>): { start: number; end: number } {
  const range = pair.value?.range ?? (pair.key as Node).range ?? [0, 0, 0];
  return { start: lineStart(text, start(pair)), end: lineEnd(text, Math.max(range[1], start(pair))) };
}

function start(pair: Pair<Node, Node>): number {
  return (pair.key as Node).range?.[0] ?? 0;
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf("\n", at - 1) + 1;
}

/** Past the newline that ends the line holding `at - 1` (the last character of a value). */
function lineEnd(text: string, at: number): number {
  const newline = text.indexOf("\n", Math.max(at - 1, 0));
  return newline === -1 ? text.length : newline + 1;
}

function column(text: string, at: number): number {
  return at - lineStart(text, at);
}

/** YAML for a value at an indentation, long lines unfolded except in a folded block, which folds as the file did. */
function render(value: unknown, indent: number): string {
  const doc = new Document(value);
  const out = doc.toString({ lineWidth: 0 });
  const folded = /: >/.test(out) ? doc.toString({ lineWidth: 80 - indent }) : out;
  return folded.replace(/^(?=.)/gm, " ".repeat(indent));
}

function pruned(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruned);
  if (isPair(value) || !isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => !unset(v))
      .map(([k, v]) => [k, pruned(v)]),
  );
}

function sorted(value: unknown, order: readonly string[]): unknown {
  if (!isRecord(value) || !order.length) return value;
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => rank(a) - rank(b)));
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !(unset(a[k]) && unset(b[k]))));
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Scalar);
}

/** A markdown file's front matter (its YAML, with the line break before the closing ---) and its body, as written. */
export function splitFrontMatter(text: string): { yaml: string; body: string } {
  const match = /^---\r?\n([\s\S]*?\r?\n)?---\r?\n?([\s\S]*)$/.exec(text);
  return match ? { yaml: match[1] ?? "", body: match[2] ?? "" } : { yaml: "", body: text };
}
