import { ArrowRight, ExternalLink } from "../icon.tsx";
import { MAX_TECHNOLOGIES, TIMINGS } from "../../lib/limits.ts";
import type { ShownProject } from "../../lib/content.ts";
import { Carousel } from "../shell/carousel.tsx";
import { Picture } from "../picture.tsx";

/** The projects home shows: the newest of each category, newest first, at most this many. */
const HOME_PROJECTS = 6;

/** One project per category (its newest), newest first: a varied teaser of the portfolio. */
export function portfolioHighlights(projects: readonly ShownProject[], limit = HOME_PROJECTS): ShownProject[] {
  const newest = [...projects].sort((a, b) => b.year - a.year || a.title.localeCompare(b.title));
  const seen = new Set<string>();
  return newest.filter((p) => !seen.has(p.category) && seen.add(p.category)).slice(0, limit);
}

/** Home's portfolio teaser: a carousel of delivered projects and a link to the whole portfolio. */
export function PortfolioTeaser({ projects }: { projects: ShownProject[] }) {
  return (
    <section className="section portfolio-teaser" aria-labelledby="portfolio-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">Portfolio</p>
          <h2 id="portfolio-title">Businesses Built on Our Apps</h2>
          <p className="lead">A few of the brands our clients launched, from astrology platforms to quick commerce.</p>
        </header>
        <Carousel
          id="portfolio-carousel"
          label="Portfolio projects"
          slideName="project"
          delayMs={TIMINGS.portfolioCarouselMs}
          className="portfolio-carousel"
        >
          {projects.map((project) => (
            // The carousel makes each slide a group named "n of 6" (a role an article may not take); its heading says
            // which project it is.
            <div key={project.id} className="project-slide">
              <div className="project-slide__media">
                <Picture slot="half" src={project.image} alt={project.imageAlt ?? ""} width={800} height={500} />
              </div>
              <div className="project-slide__body">
                <p className="project-slide__meta">
                  <span className="badge badge--primary">{project.category}</span>
                  <span className="project-slide__year">{project.year}</span>
                </p>
                <h3>{project.title}</h3>
                <p className="project-slide__client">Client: {project.client}</p>
                <p className="project-slide__description">{project.description}</p>
                <ul className="tags" aria-label="Technologies">
                  {project.technologies.slice(0, MAX_TECHNOLOGIES).map((tech) => (
                    <li key={tech}>{tech}</li>
                  ))}
                </ul>
                <div className="button-row">
                  {project.projectUrl && (
                    <a
                      className="button button--primary button--sm"
                      href={project.projectUrl}
                      rel="noopener"
                      target="_blank"
                    >
                      View Project <ExternalLink aria-hidden="true" />
                    </a>
                  )}
                  {project.productId && (
                    <a className="button button--sm project-slide__product" href={`/products/${project.productId}`}>
                      View Product
                    </a>
                  )}
                </div>
              </div>
            </div>
          ))}
        </Carousel>
        <div className="section__footer">
          <a className="button button--lg" href="/portfolio">
            View All Projects <ArrowRight aria-hidden="true" />
          </a>
        </div>
      </div>
    </section>
  );
}
