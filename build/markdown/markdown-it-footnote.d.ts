// markdown-it-footnote ships no types; this is the one call build/markdown/markdown-it-parse.ts makes.
declare module "markdown-it-footnote" {
  import type { MarkdownIt } from "markdown-it";
  const footnote: (md: MarkdownIt) => void;
  export default footnote;
}
