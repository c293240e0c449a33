import { ChevronDown } from "../icon.tsx";
import type { FaqCategory } from "../../schemas/faq-category.ts";

/**
 * One FAQ category as exclusive <details> (one `name`: at most one open). Each answer has an anchor (`answerIds`,
 * src/lib/search.ts): following a link to it opens its <details>, as the search results do.
 */
export function FaqCategorySection({
  category,
  id,
  answerIds,
}: {
  category: FaqCategory;
  id: string;
  answerIds: readonly string[];
}) {
  return (
    <section className="faq-category" aria-labelledby={id}>
      <h2 id={id}>{category.category}</h2>
      <div className="faq-list">
        {category.questions.map((item, i) => (
          <details key={item.q} className="faq-item" name={id}>
            <summary>
              <span>{item.q}</span>
              <ChevronDown className="faq-item__chevron" size={20} aria-hidden="true" />
            </summary>
            <p id={answerIds[i]}>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
