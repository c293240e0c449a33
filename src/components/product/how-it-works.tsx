import type { ProductPageCopy } from "../../schemas/product-page.ts";
import { ProductSection } from "./product-section.tsx";

/** The three numbered steps from purchase to launch (content/product-page.yaml). */
export function HowItWorks({ steps }: { steps: ProductPageCopy["howItWorks"] }) {
  return (
    <ProductSection id="how-it-works" title="How It Works" surface>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step.title} className="steps__item">
            <h3>{step.title}</h3>
            <p>{step.description}</p>
          </li>
        ))}
      </ol>
    </ProductSection>
  );
}
