import type { ReactNode } from "react";

/** A way to reach the vendor: icon, name, the link, and the promise that goes with it. */
export function ContactChannel({
  icon,
  title,
  href,
  linkText,
  note,
  external = false,
}: {
  icon: ReactNode;
  title: string;
  href: string;
  linkText: string;
  note: string;
  external?: boolean;
}) {
  return (
    <li className="card contact-channel">
      <span className="icon-tile icon-tile--brand" aria-hidden="true">
        {icon}
      </span>
      <h2>{title}</h2>
      <p>
        <a
          href={href}
          {...(external ? { rel: "noopener", target: "_blank", "aria-label": `${linkText} (opens in a new tab)` } : {})}
        >
          {linkText}
        </a>
      </p>
      <p className="muted">{note}</p>
    </li>
  );
}
