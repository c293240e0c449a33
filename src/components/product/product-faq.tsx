import { ChevronDown } from "../icon.tsx";
import type { ProductPageCopy } from "../../schemas/product-page.ts";
import { ProductSection } from "./product-section.tsx";

/**
 * The five shared questions. Native <details> with one `name`: the browser keeps one open at a time and each
 * can be closed again, with no JavaScript.
 */
export function ProductFaq({ items }: { items: ProductPageCopy["faq"] }) {
  return (
    <ProductSection id="product-faq" title="Frequently Asked Questions">
      <div className="accordion">
        {items.map((item) => (
          <details key={item.q} name="product-faq" className="accordion__item">
            <summary>
              <span>{item.q}</span>
              <ChevronDown className="accordion__chevron" aria-hidden="true" />
            </summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </ProductSection>
  );
}
