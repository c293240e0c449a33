import { ExternalLink } from "../icon.tsx";
import type { ShownProject } from "../../lib/content.ts";
import { Picture } from "../picture.tsx";
import { DraftBadge } from "../draft-banner.tsx";

/** One delivered project; `data-category` lets the portfolio filter show or hide it. */
export function ProjectCard({ project }: { project: ShownProject }) {
  const { title, category, projectUrl, productId } = project;
  return (
    <li className="card project-card" data-category={category}>
      <div className="project-card__media">
        <Picture slot="card" src={project.image} alt={project.imageAlt ?? ""} width={800} height={500} />
        {projectUrl && (
          <a
            className="project-card__live"
            href={projectUrl}
            rel="noopener"
            target="_blank"
            aria-label={`Live Site: ${title} (opens in a new tab)`}
          >
            Live Site <ExternalLink size={14} aria-hidden="true" />
          </a>
        )}
      </div>
      <p className="eyebrow">
        <DraftBadge reason={project.unpublished} />
        {category}
      </p>
      <h2 className="project-card__title">{title}</h2>
      <p className="project-card__description">{project.description}</p>
      <ul className="tags" aria-label="Technologies">
        {project.technologies.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <dl className="project-card__facts">
        <div>
          <dt>Client</dt>
          <dd>{project.client}</dd>
        </div>
        <div>
          <dt>Year</dt>
          <dd>{project.year}</dd>
        </div>
      </dl>
      {(projectUrl || productId) && (
        <p className="project-card__actions">
          {projectUrl && (
            <a
              className="button button--primary button--sm"
              href={projectUrl}
              rel="noopener"
              target="_blank"
              aria-label={`View Project: ${title} (opens in a new tab)`}
            >
              View Project <ExternalLink size={14} aria-hidden="true" />
            </a>
          )}
          {productId && (
            <a
              className="button button--sm"
              href={`/products/${productId}`}
              aria-label={`Product: the app behind ${title}`}
            >
              Product
            </a>
          )}
        </p>
      )}
    </li>
  );
}
