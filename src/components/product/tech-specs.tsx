import type { Product } from "../../schemas/product.ts";
import { ProductSection } from "./product-section.tsx";

/** Label/value pairs: stack, database, apps, gateways … */
export function TechSpecs({ specs }: { specs: Product["techSpecs"] }) {
  return (
    <ProductSection id="tech-specs" title="Technical Specifications">
      <dl className="spec-list">
        {specs.map((spec) => (
          <div key={spec.label} className="spec-list__row">
            <dt>{spec.label}</dt>
            <dd>{spec.value}</dd>
          </div>
        ))}
      </dl>
    </ProductSection>
  );
}
