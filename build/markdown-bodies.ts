import type { RawContent, SourceFile } from "./load-content.ts";
import { type MarkdownRenderer, renderMarkdown } from "./markdown.ts";

/**
 * Renders the markdown body of every article and policy page (through the build's cache) before validation, and
 * gives each file its render and the link and image targets the render found, at their lines in the file: validation
 * checks the images, the link check the links, compile-content places the HTML. One parse per body.
 */
export async function renderBodies(raw: RawContent, render: MarkdownRenderer = renderMarkdown): Promise<RawContent> {
  const withRenders = (sources: readonly SourceFile[]) =>
    Promise.all(
      sources.map(async (source): Promise<SourceFile> => {
        if (source.body === undefined) return source;
        const { references, rawHtml, ...rendered } = await render(source.body, source.file);
        const above = source.bodyLine ?? 0;
        return {
          ...source,
          references: references.map((ref) => ({ ...ref, line: ref.line + above })),
          rawHtml: rawHtml.map((html) => ({ ...html, line: html.line + above })),
          rendered,
        };
      }),
    );
  const [posts, pages] = await Promise.all([withRenders(raw.posts), withRenders(raw.pages)]);
  return { ...raw, posts, pages };
}
