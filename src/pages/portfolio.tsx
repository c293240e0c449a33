import { PageHeader } from "../components/page-header.tsx";
import { ProjectCard } from "../components/portfolio/project-card.tsx";
import PortfolioFilter from "../islands/portfolio-filter.tsx";
import { Island } from "../lib/island.tsx";
import { definePage } from "../lib/page.ts";
import { portfolioCategories } from "../schemas/portfolio-project.ts";

const LIST_ID = "portfolio-projects";

export default definePage({
  data: ({ content }) => ({ projects: content.portfolio, site: content.site }),
  head: ({ projects, site }) => ({
    title: "Portfolio",
    description: `${projects.length} apps ${site.name} built and launched for clients in astrology, food delivery, e-commerce, education, healthcare and more.`,
    image: site.shareImages.portfolio,
  }),
  Page: ({ projects }) => (
    <>
      <PageHeader
        eyebrow="Our work"
        title="Our Portfolio"
        lead="Apps we have built and launched for clients around the world, many of them on our ready-made products."
      />
      <div className="container">
        <Island
          of={PortfolioFilter}
          props={{ categories: [...portfolioCategories], listId: LIST_ID, total: projects.length }}
          hydrate="query:category"
        />
        <ul className="card-grid" id={LIST_ID} aria-label="Projects">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      </div>
    </>
  ),
});
