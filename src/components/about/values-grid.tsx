import { BadgeCheck, Handshake, Headphones, type Icon, RefreshCw, Rocket, TrendingUp } from "../icon.tsx";
import type { About } from "../../schemas/about.ts";

/** One decorative icon per value, in the order content/about.yaml lists them. */
const ICONS: readonly Icon[] = [BadgeCheck, Rocket, Handshake, Headphones, RefreshCw, TrendingUp];

export function ValuesGrid({ values }: { values: About["values"] }) {
  return (
    <ul className="values-grid">
      {values.map((value, i) => {
        const Icon = ICONS[i % ICONS.length] ?? BadgeCheck;
        return (
          <li key={value.title} className="card value-card">
            <span className="icon-tile" aria-hidden="true">
              <Icon size={22} />
            </span>
            <h3>{value.title}</h3>
            <p>{value.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
