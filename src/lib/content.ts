import type {
  About,
  BlogPostFrontMatter,
  FaqCategory,
  InstallationContent,
  PolicyPageFrontMatter,
  PortfolioProject,
  Product,
  Site,
  Testimonial,
} from "../schemas/index.ts";
import type { ProductPageCopy } from "../schemas/product-page.ts";
import type { Unpublished } from "./publishing.ts";
import type { SiteEnvironment } from "./site-environment.ts";
import type { RasterImages } from "./images.ts";

/** A heading of a markdown page, for its table of contents. */
export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface BlogPost extends BlogPostFrontMatter {
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
export type ShownProject = Listed<PortfolioProject & { image: string }>;

export interface PolicyPage extends PolicyPageFrontMatter {
  /** File name, which is also the route: privacy → /privacy. */
  name: string;
  html: string;
  headings: Heading[];
}

/** Everything the pages can read: validated, cross-checked, markdown already rendered. */
export interface SiteContent {
  site: Site;
  about: About;
  faq: FaqCategory[];
  testimonials: Testimonial[];
  installation: InstallationContent;
  /** Key Benefits, How It Works and FAQ shared by every product page. */
  productPage: ProductPageCopy;
  /** Sorted by `order`. */
  products: Listed<Product>[];
  portfolio: ShownProject[];
  /** Newest first. */
  posts: BlogPost[];
  pages: PolicyPage[];
  /** Photos and screenshots under content/images and the variants the build wrote of them (src/lib/images.ts). */
  images?: RasterImages;
  /** Which deployment the pages are built for (src/lib/site-environment.ts); production when absent. */
  environment?: SiteEnvironment;
}
