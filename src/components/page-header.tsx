import type { ReactNode } from "react";

/** The heading band at the top of inner pages: one h1 and an optional lead. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}
