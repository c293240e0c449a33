import type { ReactNode } from "react";

/** A titled band of the product page; `surface` alternates the background for rhythm. */
export function ProductSection({
  id,
  title,
  lead,
  surface = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  surface?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`section product-section${surface ? " section--surface" : ""}`} aria-labelledby={id}>
      <div className="container">
        <header className="section__header">
          <h2 id={id}>{title}</h2>
          {lead && <p>{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
