import type { About } from "../../schemas/about.ts";

/** The company's milestones, oldest first. */
export function Timeline({ items }: { items: About["timeline"] }) {
  return (
    <ol className="timeline">
      {items.map((item) => (
        <li key={`${item.year}-${item.title}`} className="timeline__item">
          <span className="timeline__year">{item.year}</span>
          <div className="timeline__body">
            <h3>{item.title}</h3>
            <p>{item.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
