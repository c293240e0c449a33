import { ProductSection } from "./product-section.tsx";

/** The product's full description. */
export function WhatIs({ name, description }: { name: string; description: string }) {
  return (
    <ProductSection id="what-is" title={`What is ${name}?`}>
      <p className="product-section__prose">{description}</p>
    </ProductSection>
  );
}
