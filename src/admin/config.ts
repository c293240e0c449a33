import type { PreviewFacts } from "./previews.tsx";

/**
 * What the build writes into /admin/index.html (build/plugins/admin/admin.ts) for the editor (src/admin/cms.tsx): Decap's
 * configuration generated from the content model (build/plugins/admin/cms-config.ts) and the facts the previews and rules read.
 */
export interface AdminData {
  config: CmsConfig;
  /** Format name (`yaml-…` or `markdown-…`) → the `$schema` path a new file's YAML starts with (build/plugins/admin/cms-config.ts). */
  yamlFormats: Record<string, string>;
  /** The site's stylesheets, for the preview frame. */
  styles: string[];
  preview: PreviewFacts;
  links: AdminLinks;
}

/** What the link rule knows of the site's addresses when /admin was built. */
export interface AdminLinks {
  /** Every page of the site by its path. */
  pages: string[];
  /** Segments of the pages made from content, such as ["blog", "[slug]"]. */
  patterns: string[][];
  /** A collection's page by its file's name: posts → /blog/{name}. */
  templates: Record<string, string>;
}

/** A field of Decap's configuration: the keys this generator sets (Decap's config schema allows these and more). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  /** [regular expression, message shown under the field] */
  pattern?: [string, string];
  min?: number;
  max?: number;
  value_type?: "int" | "float";
  options?: string[];
  fields?: CmsField[];
  field?: CmsField;
  /** A list's items, named in the collapsed list by their own text rather than "Item". */
  summary?: string;
  label_singular?: string;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  picker_utc?: boolean;
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  folder?: string;
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  extension?: string;
  format?: string;
  create?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  fields?: CmsField[];
}

export interface CmsConfig {
  load_config_file: false;
  backend: Record<string, string>;
  publish_mode?: "editorial_workflow";
  media_folder: string;
  public_folder: string;
  site_url: string;
  logo_url?: string;
  slug: { encoding: "ascii"; clean_accents: boolean; sanitize_replacement: string };
  collections: CmsCollection[];
}
