import CMS from "decap-cms-app";
import { parse, stringify } from "yaml";
import type { CmsConfig } from "../../build/cms-config.ts";
import { type PreviewFacts, previewTemplates } from "./previews.tsx";

/** What the build writes into /admin/index.html (build/admin.ts): the generated configuration and the preview's inputs. */
export interface AdminData {
  config: CmsConfig;
  /** Format name → the `$schema` path its files start with (build/cms-config.ts cmsYamlFormats). */
  yamlFormats: Record<string, string>;
  /** The site's stylesheets, for the preview frame. */
  styles: string[];
  preview: PreviewFacts;
}

/** The entry of /admin: Decap CMS with the configuration the build generated from the content model. */
const script = document.getElementById("cms-data");
const data = JSON.parse(script?.textContent ?? "null") as AdminData | null;
if (!data) throw new Error("/admin/index.html carries no #cms-data; it is written by build/admin.ts");
for (const [name, schema] of Object.entries(data.yamlFormats)) {
  CMS.registerCustomFormat(name, "yaml", {
    fromFile: (text: string) => parse(text) as unknown,
    // lineWidth 0: a long line stays one line, so a save changes only what the editor changed.
    toFile: (value: unknown) => `# yaml-language-server: $schema=${schema}\n${stringify(value, { lineWidth: 0 })}`,
  });
}
for (const href of data.styles) CMS.registerPreviewStyle(href);
for (const [name, template] of Object.entries(previewTemplates(data.preview))) {
  // Decap's typings describe its own props with Immutable's types; ours name only the parts the templates read.
  CMS.registerPreviewTemplate(name, template as unknown as Parameters<typeof CMS.registerPreviewTemplate>[1]);
}
// Decap's CmsConfig type lists every widget's options as a union; ours is the subset build/cms-config.ts writes.
CMS.init({ config: data.config } as unknown as Parameters<typeof CMS.init>[0]);
