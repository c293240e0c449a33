import { Users } from "../icon.tsx";
import { ProductSection } from "./product-section.tsx";

/** Who the product is made for. */
export function PerfectFor({ audiences }: { audiences: readonly string[] }) {
  return (
    <ProductSection id="perfect-for" title="Perfect For" surface>
      <ul className="audience-list">
        {audiences.map((audience) => (
          <li key={audience}>
            <span className="icon-tile icon-tile--sm">
              <Users aria-hidden="true" />
            </span>
            <span>{audience}</span>
          </li>
        ))}
      </ul>
    </ProductSection>
  );
}
