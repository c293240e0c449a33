import markdownIt, { type MarkdownIt, type Token } from "markdown-it";
import markdownItFootnote from "markdown-it-footnote";
import type {
  AlignType,
  Blockquote,
  Definition,
  Delete,
  Emphasis,
  FootnoteDefinition,
  Heading,
  ImageReference,
  Link,
  LinkReference,
  List,
  ListItem,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Strong,
  Table,
  TableCell,
  TableRow,
} from "mdast";
import type { Plugin, Processor } from "unified";
import type { Position } from "unist";

/**
 * A unified parser plugin that reads markdown with markdown-it and hands the rest of the pipeline the same mdast
 * tree remark-parse with remark-gfm and remark-breaks would: CommonMark plus GitHub's tables, strikethrough,
 * autolinks, footnotes and task lists, and every line break inside a paragraph kept. markdown-it and this conversion read a 7 KB article in about 0.5 ms, where micromark with its GFM
 * extensions took 4.7 ms: markdown had become most of a cold build. Every later step (remark-rehype, our plugins, rehype-sanitize,
 * rehype-stringify) is unchanged, and tests/unit/build/markdown-parser.test.ts holds the output equal to the
 * remark-parse pipeline's on every content file and on a fixture of each construct.
 *
 * Nodes carry the line they start on (all the link check and the editor messages need), not columns or offsets.
 */
export const markdownItParse: Plugin<[], string, Root> = function () {
  // unified types the processor a plugin receives before it has a parser; this plugin is what gives it one.
  (this as unknown as Processor<Root>).parser = (document) => toMdast(document);
};

/**
 * The parser. Autolink literals: linkify-it finds "www." addresses only as fuzzy links, and fuzzy matching doubles the
 * parse time of a post, so it is switched on only for documents that mention "www."; the bare domains it then finds
 * as well stay text (notGitHubAutolink).
 */
function parser({ fuzzy }: { fuzzy: boolean }): MarkdownIt {
  const markdown = markdownIt({ html: true, linkify: true });
  markdown.use(markdownItFootnote);
  // GitHub has no inline footnotes (^[text]): the text stays text, as in remark-gfm.
  markdown.inline.ruler.disable("footnote_inline");
  // Footnote labels match whatever their case, as on GitHub: the plugin compares them as written, so its table of
  // labels is case-folded (toMdast) and, before it gathers the notes, the names it files them under are folded alike.
  markdown.core.ruler.before("footnote_tail", "footnote_fold_labels", (state) => {
    const notes = state.env.footnotes as { list?: { label?: string }[] } | undefined;
    for (const note of notes?.list ?? []) if (note.label !== undefined) note.label = identifier(note.label);
    for (const token of state.tokens) {
      if (token.type === "footnote_reference_open" && token.meta) token.meta.label = identifier(String(token.meta.label));
    }
    return false;
  });
  markdown.linkify.set({ fuzzyLink: fuzzy });
  // Destinations as written: remark-rehype encodes them and rehype-sanitize drops unsafe ones (javascript:), so a bad
  // link loses its target rather than turning into visible markdown source.
  markdown.validateLink = () => true;
  markdown.normalizeLink = (url) => url;
  markdown.normalizeLinkText = (text) => text;
  return markdown;
}
const strict = parser({ fuzzy: false });
const fuzzy = parser({ fuzzy: true });

type Parent = Extract<Nodes, { children: unknown[] }>;

/** The mdast tree of a markdown document. */
export function toMdast(document: string): Root {
  const env: { references?: Record<string, { href: string; title: string }>; footnotes: { refs: Record<string, number> } } = {
    footnotes: { refs: foldedKeys() },
  };
  const tokens = (/www\./i.test(document) ? fuzzy : strict).parse(document, env);
  const root: Root = { type: "root", children: [] };
  const definitions = definitionNodes(document, env.references ?? {});
  new TreeBuilder(root, definitions, document.split("\n")).blocks(tokens);
  // Definitions print nothing; they are kept (at their lines) so remark-references records the targets written there.
  root.children.push(...definitions);
  return root;
}

/** A record whose keys (":label") are compared as footnote labels are: case and inner whitespace folded. */
function foldedKeys(): Record<string, number> {
  const fold = (key: string | symbol) => (typeof key === "string" ? `:${identifier(key.slice(1))}` : key);
  return new Proxy({} as Record<string, number>, {
    get: (target, key) => Reflect.get(target, fold(key)),
    set: (target, key, value) => Reflect.set(target, fold(key), value),
    has: (target, key) => Reflect.has(target, fold(key)),
  });
}

const at = (line: number): Position => ({ start: { line, column: 1 }, end: { line, column: 1 } });
const lineOf = (token: Token): number => (token.map ? token.map[0] + 1 : 1);
/** How micromark turns a label into an identifier: whitespace collapsed, trimmed, case folded. */
const identifier = (label: string) => label.replace(/[\t\n\r ]+/g, " ").trim().toLowerCase().toUpperCase();

/** Builds the tree from markdown-it's flat token stream, keeping a stack of the nodes still open. */
class TreeBuilder {
  readonly #stack: Parent[];
  /** Reference definitions by target and title: markdown-it resolved the links to them, mdast keeps them references. */
  readonly #defined: ReadonlyMap<string, Definition>;
  /** The document's lines, to find the line a link's target is written on. */
  readonly #lines: readonly string[];
  /** The first line of the innermost block read so far. */
  #blockLine = 1;
  /** The line of the inline content being read: its block's first line plus the line breaks passed so far. */
  #line = 1;
  /** The last line of the block whose inline content is being read. */
  #blockEnd = 1;

  constructor(root: Root, definitions: readonly Definition[], lines: readonly string[]) {
    this.#stack = [root];
    this.#lines = lines;
    this.#defined = new Map(definitions.map((d) => [targetKey(d.url, d.title), d]));
  }

  blocks(tokens: readonly Token[]): void {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as Token;
      if (token.map) this.#blockLine = lineOf(token);
      const position = at(this.#blockLine);
      switch (token.type) {
        case "paragraph_open":
          this.#open<Paragraph>({ type: "paragraph", children: [], position });
          break;
        case "heading_open":
          this.#open<Heading>({ type: "heading", depth: Number(token.tag.slice(1)) as Heading["depth"], children: [], position });
          break;
        case "blockquote_open":
          this.#open<Blockquote>({ type: "blockquote", children: [], position });
          break;
        case "bullet_list_open":
        case "ordered_list_open": {
          const spread = !isTight(tokens, i);
          const ordered = token.type === "ordered_list_open";
          this.#open<List>({ type: "list", ordered, start: ordered ? Number(token.attrGet("start") ?? 1) : null, spread, children: [], position });
          break;
        }
        case "list_item_open": {
          const list = this.#top() as List;
          this.#open<ListItem>({ type: "listItem", spread: Boolean(list.spread), checked: null, children: [], position });
          break;
        }
        case "table_open":
          this.#open<Table>({ type: "table", align: [], children: [], position });
          break;
        case "tr_open":
          this.#open<TableRow>({ type: "tableRow", children: [], position });
          break;
        case "th_open":
        case "td_open": {
          const table = this.#stack[this.#stack.length - 2] as Table;
          if (token.type === "th_open") table.align?.push(alignOf(token));
          this.#open<TableCell>({ type: "tableCell", children: [], position });
          break;
        }
        case "footnote_open": {
          const label = String(token.meta?.label ?? "");
          this.#open<FootnoteDefinition>({ type: "footnoteDefinition", identifier: identifier(label), label, children: [], position });
          break;
        }
        case "paragraph_close":
        case "heading_close":
        case "blockquote_close":
        case "bullet_list_close":
        case "ordered_list_close":
        case "table_close":
        case "tr_close":
        case "th_close":
        case "td_close":
        case "footnote_close":
          this.#stack.pop();
          break;
        case "list_item_close":
          taskMarker(this.#stack.pop() as ListItem);
          break;
        case "inline":
          // Table cells have no lines of their own: their row's.
          this.#line = token.map ? lineOf(token) : this.#blockLine;
          this.#blockEnd = token.map ? token.map[1] : this.#line;
          this.#append(...this.inline(token.children ?? []));
          break;
        case "fence": {
          // The info string: its first word is the language, the rest (if any) the meta, as in mdast.
          const [, lang = null, meta = null] = /^(\S+)\s*(\S[\s\S]*)?$/.exec(token.info.trim()) ?? [];
          this.#append({ type: "code", lang, meta, value: token.content.replace(/\n$/, ""), position });
          break;
        }
        case "code_block":
          this.#append({ type: "code", lang: null, meta: null, value: token.content.replace(/\n$/, ""), position });
          break;
        case "hr":
          this.#append({ type: "thematicBreak", position });
          break;
        case "html_block":
          this.#append({ type: "html", value: token.content.replace(/\n$/, ""), position });
          break;
        // thead/tbody, the footnote block around the definitions and the back-links inside them carry no content.
      }
    }
  }

  /** Phrasing content of one inline token's children. */
  inline(tokens: readonly Token[]): PhrasingContent[] {
    const root = { type: "paragraph", children: [] as PhrasingContent[] } satisfies Paragraph;
    const stack: Extract<PhrasingContent | Paragraph, { children: unknown[] }>[] = [root];
    const append = (node: PhrasingContent) => {
      const children = (stack[stack.length - 1] as Paragraph).children;
      const last = children[children.length - 1];
      // remark-parse gives one text node per run of text.
      if (node.type === "text" && last?.type === "text") last.value += node.value;
      else children.push(node);
    };
    const open = (node: Emphasis | Strong | Delete | Link | LinkReference) => {
      append(node);
      stack.push(node);
    };
    /** The line each open link started on, by nesting level. */
    const linkLines = new Map<number, number>();
    /** Bare domains markdown-it's linkify found: GitHub links only those with a scheme or "www.", so they stay text. */
    const unlinked = new Set<number>();
    for (const [index, token] of tokens.entries()) {
      switch (token.type) {
        case "text":
          if (token.content) append({ type: "text", value: token.content });
          break;
        // A single line break inside a paragraph is kept, as remark-breaks keeps it after remark-parse.
        case "softbreak":
        case "hardbreak":
          append({ type: "break" });
          this.#line += 1;
          break;
        case "code_inline":
          append({ type: "inlineCode", value: token.content });
          this.#line += newlines(token.content);
          break;
        case "html_inline":
          append({ type: "html", value: token.content });
          this.#line += newlines(token.content);
          break;
        case "em_open":
          open({ type: "emphasis", children: [] });
          break;
        case "strong_open":
          open({ type: "strong", children: [] });
          break;
        case "s_open":
          open({ type: "delete", children: [] });
          break;
        case "link_open": {
          const url = String(token.attrGet("href") ?? "");
          if (token.markup === "linkify" && notGitHubAutolink(tokens[index + 1]?.content ?? "")) {
            unlinked.add(token.level);
            break;
          }
          const definition = token.markup === "linkify" ? undefined : this.#defined.get(targetKey(url, titleOf(token)));
          if (definition) open({ type: "linkReference", identifier: definition.identifier, label: definition.label, referenceType: "full", children: [] });
          else {
            open({ type: "link", url, title: titleOf(token), children: [] });
            linkLines.set(token.level, this.#line);
          }
          break;
        }
        case "link_close": {
          if (unlinked.delete(token.level)) break;
          const link = stack.pop();
          const opened = linkLines.get(token.level);
          // The target follows the text: found on its line, the link starts as many lines up as its text spans.
          if (link?.type === "link" && opened !== undefined) {
            const spans = this.#line - opened;
            link.position = at(this.#lineWith(link.url) - spans);
          }
          linkLines.delete(token.level);
          break;
        }
        case "em_close":
        case "strong_close":
        case "s_close":
          stack.pop();
          break;
        case "image": {
          const url = String(token.attrGet("src") ?? "");
          const alt = plainText(token.children ?? []);
          const definition = this.#defined.get(targetKey(url, titleOf(token)));
          if (definition) append({ type: "imageReference", identifier: definition.identifier, label: definition.label, referenceType: "full", alt } satisfies ImageReference);
          else {
            const spans = newlines(alt);
            this.#line += spans;
            append({ type: "image", url, title: titleOf(token), alt, position: at(this.#lineWith(url) - spans) });
          }
          break;
        }
        case "footnote_ref": {
          const label = String(token.meta?.label ?? "");
          append({ type: "footnoteReference", identifier: identifier(label), label });
          break;
        }
      }
    }
    return root.children;
  }

  /**
   * The line a link's target is written on: the first from the current line to the block's end that holds it. Line
   * breaks counted so far give the current line, but a code span or inline HTML may hide some of them.
   */
  #lineWith(url: string): number {
    for (let line = this.#line; line <= this.#blockEnd; line++) {
      if (this.#lines[line - 1]?.includes(url)) {
        this.#line = line;
        break;
      }
    }
    return this.#line;
  }

  #top(): Parent {
    return this.#stack[this.#stack.length - 1] as Parent;
  }

  #open<T extends Parent>(node: T): void {
    this.#append(node as unknown as RootContent);
    this.#stack.push(node);
  }

  #append(...nodes: (RootContent | PhrasingContent)[]): void {
    (this.#top().children as Nodes[]).push(...nodes);
  }
}

/** markdown-it hides the paragraphs of a tight list; a list without paragraphs renders the same either way. */
function isTight(tokens: readonly Token[], open: number): boolean {
  const level = (tokens[open] as Token).level;
  for (let i = open + 1; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.level === level && token.nesting === -1) return true;
    if (token.type === "paragraph_open" && token.level === level + 2) return token.hidden;
  }
  return true;
}

/** GitHub's task list item: "[ ]" or "[x]" opening the item's first paragraph, then a space and text, or a new line. */
function taskMarker(item: ListItem): void {
  const paragraph = item.children[0];
  if (paragraph?.type !== "paragraph") return;
  const [text, next] = paragraph.children;
  if (text?.type !== "text") return;
  const marker = /^\[([ xX])\](?:[ \t]+(?=\S)|[ \t]*$)/.exec(text.value);
  // The marker alone on its line counts only when the item goes on below it.
  if (!marker || (marker[0].length === text.value.length && next?.type !== "break")) return;
  item.checked = marker[1] !== " ";
  text.value = text.value.slice(marker[0].length);
  if (!text.value) paragraph.children.splice(0, next?.type === "break" ? 2 : 1);
}

function alignOf(token: Token): AlignType {
  const style = String(token.attrGet("style") ?? "");
  const align = /text-align:(left|right|center)/.exec(style)?.[1];
  return (align as AlignType | undefined) ?? null;
}

const titleOf = (token: Token): string | null => {
  const title = token.attrGet("title");
  return title === null ? null : String(title);
};

const targetKey = (url: string, title: string | null | undefined) => `${url}\u0000${title ?? ""}`;

/**
 * Links linkify-it finds that GitHub's autolink literals do not: bare domains ("example.com"), ftp: and
 * protocol-relative addresses. GitHub links http(s):// and www. addresses and e-mail addresses (mailto: optional).
 */
const notGitHubAutolink = (text: string) => !/^(?:https?:\/\/|www\.)/i.test(text) && !/^(?:mailto:)?[^\s:/@]+@/i.test(text);

const newlines = (text: string) => text.split("\n").length - 1;

/** An image's alt: the text of its description, as mdast-util-to-string reads it. */
function plainText(tokens: readonly Token[]): string {
  let text = "";
  for (const token of tokens) {
    if (token.type === "text" || token.type === "code_inline") text += token.content;
    else if (token.type === "softbreak" || token.type === "hardbreak") text += "\n";
    else if (token.type === "image") text += plainText(token.children ?? []);
  }
  return text;
}

/**
 * Reference definitions (`[label]: /target`) as mdast definition nodes at the lines they are written on. markdown-it
 * resolves them while parsing and keeps no lines, so each label is found again in the source.
 */
function definitionNodes(document: string, references: Record<string, { href: string; title: string }>): Definition[] {
  const entries = Object.entries(references);
  if (!entries.length) return [];
  const lines = new Map<string, number>();
  document.split("\n").forEach((text, index) => {
    const label = /^(?:[ \t]*>)*[ \t]{0,3}\[((?:[^\]\\]|\\.)+)\]:/.exec(text)?.[1];
    if (label !== undefined && !lines.has(identifier(label))) lines.set(identifier(label), index + 1);
  });
  return entries
    .map(([key, { href, title }]): Definition & { position: Position } => ({
      type: "definition",
      identifier: key,
      label: key,
      url: href,
      title: title || null,
      position: at(lines.get(identifier(key)) ?? 1),
    }))
    .sort((a, b) => a.position.start.line - b.position.start.line);
}
