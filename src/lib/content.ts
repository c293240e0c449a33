import type { EntryOf, FileCollectionName, YamlFolderCollectionName } from "../schemas/collections.ts";
import type { Unpublished } from "./publishing.ts";
import type { SiteEnvironment } from "./site-environment.ts";
import type { RasterImages } from "./images.ts";

/** A heading of a markdown page, for its table of contents. */
export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface BlogPost extends EntryOf<"posts"> {
  /** Sanitized HTML of the markdown body. */
  html: string;
  /** Whole minutes at the reading speed in src/lib/limits.ts, at least 1. */
  readingMinutes: number;
  /** Set only in builds that show drafts (npm run dev): why this post is not published yet. */
  unpublished?: Unpublished;
}

/** A product or project as pages read it: `unpublished` is set only in builds that show drafts (npm run dev). */
export type Listed<T> = T & { unpublished?: Unpublished };

/** A project with its image: the editor's, or the artwork the build draws for it (build/plugins/project-artwork.ts). */
export type ShownProject = Listed<EntryOf<"portfolio"> & { image: string }>;

export interface PolicyPage extends EntryOf<"pages"> {
  /** File name, which is also the route: privacy → /privacy. */
  name: string;
  html: string;
  headings: Heading[];
}

/** Each collection of src/schemas/collections.ts as pages read it: a file's entry, a folder's entries. */
type Collected = { [K in FileCollectionName]: EntryOf<K> } & { [K in YamlFolderCollectionName]: Listed<EntryOf<K>>[] };

/** Everything the pages read: the collections, checked and rendered; products by `order`, posts newest first. */
export type SiteContent = Omit<Collected, "portfolio"> & {
  portfolio: ShownProject[];
  posts: BlogPost[];
  pages: PolicyPage[];
  /** Photos and screenshots under content/images and the variants the build wrote of them (src/lib/images.ts). */
  images?: RasterImages;
  /** Which deployment the pages are built for (src/lib/site-environment.ts); production when absent. */
  environment?: SiteEnvironment;
};
