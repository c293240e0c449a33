import { PolicyArticle } from "../components/policy-article.tsx";
import { definePage } from "./page.ts";
import { fillSitePlaceholders } from "./site-placeholders.ts";

/** Route definition shared by the five policy pages: content/pages/<name>.md at /<name>. */
export function policyRoute(name: "privacy" | "terms" | "refund" | "cookies" | "disclaimer") {
  return definePage({
    data: ({ content }) => {
      const page = content.pages.find((p) => p.name === name);
      if (!page) throw new Error(`content/pages/${name}.md is missing`);
      return { page: { ...page, html: fillSitePlaceholders(page.html, content.site, `content/pages/${name}.md`) } };
    },
    head: ({ page }) => ({ title: page.title, description: page.description, modified: page.lastUpdated }),
    Page: PolicyArticle,
  });
}
