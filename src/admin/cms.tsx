import CMS from "decap-cms-app";
import { parse } from "yaml";
import type { AdminData } from "./config.ts";
import { previewTemplates } from "./previews.tsx";
import { DateControl } from "./date-control.tsx";
import { registerRuledWidgets } from "./ruled-widgets.ts";
import { derived, isRuled } from "./rules.ts";
import { tableComponent } from "./table.ts";
import { editYaml, splitFrontMatter } from "./yaml-edit.ts";

/** The entry of /admin: Decap CMS with the configuration the build generated from the content model. */
const script = document.getElementById("cms-data");
const data = JSON.parse(script?.textContent ?? "null") as AdminData | null;
if (!data) throw new Error("/admin/index.html carries no #cms-data; it is written by build/plugins/admin/admin.ts");

/**
 * The text of the file being saved, as it was read: Decap hands a format's toFile only the entry's data, so the
 * preSave event, which sees the whole entry, keeps it for the toFile call that follows it in the same save.
 */
let saving = "";
interface SavedEntry {
  get(key: "raw" | "collection"): unknown;
  get(key: "data"): { toJS(): Record<string, unknown>; merge(next: Record<string, unknown>): unknown };
}
CMS.registerEventListener({
  name: "preSave",
  handler: ({ entry }: { entry: SavedEntry }) => {
    const raw = entry.get("raw");
    saving = typeof raw === "string" ? raw : "";
    // The id or slug left empty is made from the title, as the rules checked it (src/admin/rules.ts).
    const collection = String(entry.get("collection"));
    if (!isRuled(collection)) return undefined;
    const before = entry.get("data").toJS();
    const made = Object.entries(derived(collection, before)).filter(([key, value]) => before[key] !== value);
    return made.length ? entry.get("data").merge(Object.fromEntries(made)) : undefined;
  },
});
const original = () => {
  const text = saving;
  saving = "";
  return text;
};

for (const [name, schema] of Object.entries(data.yamlFormats)) {
  const header = `# yaml-language-server: $schema=${schema}\n`;
  const yamlOf = (before: string, value: unknown, order?: string[]) =>
    before.trim()
      ? editYaml(before, value as Record<string, unknown>)
      : header + editYaml("", value as Record<string, unknown>, order);
  if (name.startsWith("markdown-")) {
    CMS.registerCustomFormat(name, "md", {
      fromFile: (text: string) => {
        const { yaml, body } = splitFrontMatter(text);
        return { ...(parse(yaml) as object), body };
      },
      toFile: ({ body, ...fields }: { body?: string } & Record<string, unknown>, order?: string[]) => {
        const { yaml } = splitFrontMatter(original());
        return `---\n${yamlOf(yaml, fields, order)}---\n${body ?? ""}`;
      },
    });
  } else {
    CMS.registerCustomFormat(name, "yaml", {
      fromFile: (text: string) => parse(text) as unknown,
      toFile: (value: unknown, order?: string[]) => yamlOf(original(), value, order),
    });
  }
}
// Decap's typings leave out the focus callbacks every control receives, and mistype a widget's preview.
type WidgetArgs = Parameters<typeof CMS.registerWidget>;
const datePreview = CMS.getWidget("datetime")?.preview as unknown as WidgetArgs[2];
CMS.registerWidget("datetime", DateControl as unknown as WidgetArgs[1], datePreview);
registerRuledWidgets(data.preview.site, data.links);
CMS.registerEditorComponent(tableComponent as unknown as Parameters<typeof CMS.registerEditorComponent>[0]);
for (const href of data.styles) CMS.registerPreviewStyle(href);
for (const [name, template] of Object.entries(previewTemplates(data.preview))) {
  // Decap's typings describe its own props with Immutable's types; ours name only the parts the templates read.
  CMS.registerPreviewTemplate(name, template as unknown as Parameters<typeof CMS.registerPreviewTemplate>[1]);
}
// Decap keeps the entry of the first address it opened when only the address changes to another entry: reading the new
// one from the start shows (and saves) the entry the address names.
let entryAddress = location.hash;
addEventListener("hashchange", () => {
  const entry = /^#\/collections\/[^/]+\/(entries\/|new)/;
  // A saved entry's address: from `new` to `entries/<slug>` is Decap's own move after the first save, not a trap.
  const saved = /^#\/collections\/[^/]+\/entries\//;
  if (saved.test(entryAddress) && entry.test(location.hash) && location.hash !== entryAddress) location.reload();
  entryAddress = location.hash;
});

// Editing the local checkout (npm run dev), "View Live" and the header's link go to the site being edited, here.
if (data.config.backend.name === "proxy") data.config.site_url = location.origin;

// Decap's CmsConfig type lists every widget's options as a union; ours is the subset build/plugins/admin/cms-config.ts writes.
CMS.init({ config: data.config } as unknown as Parameters<typeof CMS.init>[0]);
