import { ChevronDown } from "lucide-react";
import type { FaqCategory } from "../../schemas/faq-category.ts";

/**
 * One FAQ category as native disclosure widgets. Sharing one `name` makes the browser keep at most one item of the
 * category open (exclusive <details>); every item can also be closed again.
 */
export function FaqCategorySection({ category, id }: { category: FaqCategory; id: string }) {
  return (
    <section className="faq-category" aria-labelledby={id}>
      <h2 id={id}>{category.category}</h2>
      <div className="faq-list">
        {category.questions.map((item) => (
          <details key={item.q} className="faq-item" name={id}>
            <summary>
              <span>{item.q}</span>
              <ChevronDown className="faq-item__chevron" size={20} aria-hidden="true" />
            </summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
