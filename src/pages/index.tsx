import { BlogTeaser } from "../components/home/blog-teaser.tsx";
import { ClosingCta } from "../components/home/closing-cta.tsx";
import { HomeHero } from "../components/home/hero.tsx";
import { PortfolioTeaser, portfolioHighlights } from "../components/home/portfolio-teaser.tsx";
import { ProductExplorer } from "../components/home/product-explorer.tsx";
import { ShowMoreInformation } from "../components/home/show-more.tsx";
import { Testimonials } from "../components/home/testimonials.tsx";
import { WhyChoose } from "../components/home/why-choose.tsx";
import { PageModule } from "../components/inline-script.tsx";
import { HOME_FEATURED_POSTS } from "../lib/limits.ts";
import { definePage } from "../lib/page.ts";
import { organization, webSite } from "../lib/structured-data.ts";

export default definePage({
  data: ({ content }) => ({
    site: content.site,
    products: content.products,
    testimonials: content.testimonials.testimonials,
    projects: portfolioHighlights(content.portfolio),
    featured: content.posts.filter((p) => p.featured).slice(0, HOME_FEATURED_POSTS),
  }),
  head: ({ site }) => ({
    title: `${site.name}: ${site.tagline}`,
    description: site.description,
    jsonLd: [organization(site), webSite(site)],
  }),
  Page: ({ site, products, testimonials, projects, featured }) => (
    <>
      <HomeHero site={site} products={products} />
      <ShowMoreInformation site={site} products={products} />
      <WhyChoose site={site} />
      <ProductExplorer products={products} />
      <Testimonials testimonials={testimonials} site={site} />
      <PortfolioTeaser projects={projects} />
      {/* One module drives the three carousels above (hero, testimonials, portfolio) and the explorer. */}
      <PageModule name="home" />
      <BlogTeaser posts={featured} />
      <ClosingCta site={site} />
    </>
  ),
});
