import type { Plugin } from "../plugin.ts";
import { type AdminOptions, admin } from "./admin/admin.ts";
import { documentation } from "./documentation-pdf.ts";
import { pageAssets } from "./explorer-panels.tsx";
import { feeds } from "./feeds.ts";
import { photos } from "./photos.ts";
import { projectArtworks } from "./project-artwork.ts";
import { search } from "./search-index.ts";
import { shareCards } from "./share-cards/share-cards.ts";
import { siteIcons } from "./site-icons/site-icons.ts";

/** The site's extras: what the pages fetch once shown first, then what nobody waits for. */
export const sitePlugins = (options: AdminOptions): Plugin[] => [
  pageAssets,
  photos,
  projectArtworks,
  search,
  feeds,
  shareCards,
  documentation,
  siteIcons,
  admin(options),
];
