import { describe, expect, test } from "vitest";
import { htmlClasses, selectorClasses, stylesheetsFor } from "../../../src/lib/stylesheets.ts";

describe("selectorClasses", () => {
  test("keys a sheet on the first class of each selector, skipping at-rule preludes, comments and url()", () => {
    const css = `/* .comment */ .article .prose h2{margin:0}.faq__item,.toc a{color:red}@media (min-width:40rem){.hero{background:url(x.y.svg)}}`;
    expect([...selectorClasses(css)].sort()).toEqual(["article", "faq__item", "hero", "toc"]);
  });
});

describe("stylesheetsFor", () => {
  const sheets = {
    shell: "/assets/site.css",
    pages: [
      { name: "faq", href: "/assets/faq.css", classes: new Set(["faq__item"]) },
      { name: "policy", href: "/assets/policy.css", classes: new Set(["toc", "policy"]) },
    ],
    themeColors: { light: "#4f46e5", dark: "#080b19" },
  };

  test("links the shell, then only the page sheets whose classes the page uses", () => {
    expect(stylesheetsFor(`<nav class="toc x"></nav>`, sheets)).toEqual(["/assets/site.css", "/assets/policy.css"]);
    expect(stylesheetsFor(`<p class="faq__item">`, sheets)).toEqual(["/assets/site.css", "/assets/faq.css"]);
    expect(stylesheetsFor(`<p>no classes</p>`, sheets)).toEqual(["/assets/site.css"]);
  });

  test("reads every class of a class attribute", () => {
    expect([...htmlClasses(`<a class=" button  button--primary "></a><b class="x">`)].sort()).toEqual([
      "button",
      "button--primary",
      "x",
    ]);
  });
});
