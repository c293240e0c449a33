import { formatLongDate } from "../lib/dates.ts";
import type { PolicyPage } from "../lib/content.ts";
import { PageHeader } from "./page-header.tsx";

/** Long pages get a table of contents built from their headings. */
const TOC_MIN_HEADINGS = 4;

/** A policy page rendered from content/pages/<name>.md: title, last-updated line, contents and the text. */
export function PolicyArticle({ page }: { page: PolicyPage }) {
  const sections = page.headings.filter((h) => h.depth === 2);
  return (
    <>
      <PageHeader eyebrow="Legal" title={page.title}>
        <p className="muted">
          Last updated <time dateTime={page.lastUpdated}>{formatLongDate(page.lastUpdated)}</time>
        </p>
      </PageHeader>
      <div className="container prose-layout">
        {sections.length >= TOC_MIN_HEADINGS && (
          <nav className="toc" aria-labelledby="toc-title">
            <h2 id="toc-title">On this page</h2>
            <ol>
              {sections.map((h) => (
                <li key={h.id}>
                  <a href={`#${h.id}`}>{h.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by rehype-sanitize in build/markdown.ts. */}
        <article className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
    </>
  );
}
