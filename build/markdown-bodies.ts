import type { RawContent, SourceFile } from "./load-content.ts";
import { type MarkdownRenderer, type RenderedMarkdown, renderMarkdown } from "./markdown.ts";

export interface RenderedBodies {
  /** The content as loaded, each article and policy page now with the links and images of its body. */
  raw: RawContent;
  /** A renderer for compileContent that answers from these renders: no body is rendered twice. */
  render: MarkdownRenderer;
}

/**
 * Renders the markdown body of every article and policy page (through the build's cache) before
 * validation, and gives each file the link and image targets its render found, at their lines in the file: validation
 * checks the images, the link check the links. One parse per body: the links need no second one.
 */
export async function renderBodies(
  raw: RawContent,
  render: MarkdownRenderer = renderMarkdown,
): Promise<RenderedBodies> {
  const rendered = new Map<string, RenderedMarkdown>();
  const withReferences = (sources: readonly SourceFile[]) =>
    Promise.all(
      sources.map(async (source): Promise<SourceFile> => {
        if (source.body === undefined) return source;
        const result = await render(source.body, source.file);
        rendered.set(source.file, result);
        const above = source.bodyLine ?? 0;
        return {
          ...source,
          references: result.references.map((ref) => ({ ...ref, line: ref.line + above })),
          rawHtml: result.rawHtml.map((html) => ({ ...html, line: html.line + above })),
        };
      }),
    );
  const [posts, pages] = await Promise.all([withReferences(raw.posts), withReferences(raw.pages)]);
  return {
    raw: { ...raw, posts, pages },
    render: (markdown, file) => {
      const known = rendered.get(file);
      return known ? Promise.resolve(known) : render(markdown, file);
    },
  };
}
