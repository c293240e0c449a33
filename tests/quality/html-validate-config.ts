import type { ConfigData } from "html-validate";

/**
 * html-validate settings for the built pages: the "recommended" and "document" presets (validity, accessibility
 * hints, whole-document rules such as a doctype and labelled inputs), adjusted for how React serialises HTML.
 * Every rule turned off or narrowed is listed with its reason; everything else stays an error.
 */
export const htmlValidateConfig: ConfigData = {
  root: true,
  extends: ["html-validate:recommended", "html-validate:document"],
  elements: [
    "html5",
    {
      // The island wrapper and its root (src/lib/island-wrapper.tsx) are display: contents and take the content model of
      // wherever the page puts them, as <a> does: an island inside a <p> may hold phrasing content only.
      "site-island": { flow: true, phrasing: true, transparent: true },
      "island-root": { flow: true, phrasing: true, transparent: true },
    },
  ],
  rules: {
    // Style only: the doctype is case-insensitive and the build writes it in lower case.
    "doctype-style": "off",
    // Style only: React writes void elements self-closed (<meta/>), which HTML5 allows.
    "void-style": "off",
    // Style only: attribute names are case-insensitive; React writes some props in camelCase (charSet).
    "attr-case": "off",
    // Style only: React writes empty and boolean attributes with an empty value (download="", hidden="").
    "attribute-empty-style": "off",
    "attribute-boolean-style": "off",
    // HTML5 allows any id without white space; React's useId makes ids that start with "_" and heading slugs may
    // start with a digit. The relaxed form still rejects empty ids and ids with white space.
    "valid-id": ["error", { relaxed: true }],
    // Integrity hashes matter for scripts from other hosts; ours are same-origin, content-hashed files. Any script
    // from another origin still needs one.
    "require-sri": ["error", { target: "crossorigin" }],
  },
};
