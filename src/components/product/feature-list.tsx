import { ProductSection } from "./product-section.tsx";

/** Every feature of the product, as a checked two-column list. */
export function FeatureList({ name, features }: { name: string; features: readonly string[] }) {
  return (
    <ProductSection id="features" title="Features" lead={`Everything ${name} does out of the box.`}>
      <ul className="check-list check-list--circled check-list--columns">
        {features.map((feature) => (
          <li key={feature}>
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </ProductSection>
  );
}
