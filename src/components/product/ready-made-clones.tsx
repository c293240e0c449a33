import type { Product } from "../../schemas/product.ts";
import { ProductSection } from "./product-section.tsx";

/** Pre-configured variants of the product modelled on well-known platforms, when it offers them. */
export function ReadyMadeClones({ clones }: { clones: NonNullable<Product["readyMadeClones"]> }) {
  return (
    <ProductSection
      id="ready-made-clones"
      title="Ready-Made Clones"
      lead="Start from a variant already shaped like a platform your customers know."
    >
      <ul className="grid grid--3 plain-list">
        {clones.map((clone) => (
          <li key={clone.name} className="card clone-card">
            <h3>{clone.name}</h3>
            <p>{clone.description}</p>
            <ul className="check-list">
              {clone.features.map((feature) => (
                <li key={feature}>
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </ProductSection>
  );
}
