import { ListFilter } from "../components/list-filter.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { ProjectCard } from "../components/portfolio/project-card.tsx";
import { definePage } from "../lib/page.ts";
import { portfolioCategories } from "../schemas/portfolio-project.ts";

const LIST_ID = "portfolio-projects";

export default definePage({
  data: ({ content }) => ({ projects: content.portfolio, site: content.site }),
  head: ({ projects, site }) => ({
    title: "Portfolio",
    description: `${projects.length} apps ${site.name} built and launched for clients in astrology, food delivery, e-commerce, education, healthcare and more.`,
    image: site.shareCardImages.portfolio,
  }),
  Page: ({ projects }) => (
    <>
      <PageHeader
        eyebrow="Our work"
        title="Our Portfolio"
        lead="Apps we have built and launched for clients around the world, many of them on our ready-made products."
      />
      <div className="container">
        <ListFilter
          listId={LIST_ID}
          count={projects.length}
          className="list-filter"
          emptyClass="list-filter__empty"
          status={{ many: "{n} projects", one: "{n} project", none: "No projects found in this category." }}
          choices={{ name: "category", legend: "Filter projects by category", values: portfolioCategories }}
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
