import { Code, Headset, type Icon, Palette, Rocket, ShieldCheck, TrendingUp } from "../icon.tsx";
import type { ProductPageCopy, benefitIcons } from "../../schemas/product-page.ts";
import { ProductSection } from "./product-section.tsx";

const ICONS: Record<(typeof benefitIcons)[number], Icon> = {
  rocket: Rocket,
  code: Code,
  palette: Palette,
  shield: ShieldCheck,
  headset: Headset,
  "trending-up": TrendingUp,
};

/** The benefits every product shares (content/product-page.yaml). */
export function KeyBenefits({ benefits }: { benefits: ProductPageCopy["keyBenefits"] }) {
  return (
    <ProductSection id="key-benefits" title="Key Benefits" surface>
      <ul className="grid grid--3 plain-list">
        {benefits.map((benefit) => {
          const Icon = ICONS[benefit.icon];
          return (
            <li key={benefit.title} className="card feature-card">
              <span className="icon-tile icon-tile--brand">
                <Icon aria-hidden="true" />
              </span>
              <h3>{benefit.title}</h3>
              <p>{benefit.description}</p>
            </li>
          );
        })}
      </ul>
    </ProductSection>
  );
}
