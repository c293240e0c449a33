/**
 * The shape of Decap CMS's configuration as the build generates it (build/plugins/admin/cms-config.ts) and /admin
 * reads it: the keys this project sets, a subset of what Decap's config schema allows.
 */

/** A field of the configuration. */
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
