import { DeliverableIcon } from "../icon.tsx";
import type { Product } from "../../schemas/product.ts";
import { ProductSection } from "./product-section.tsx";

/** The parts a buyer receives, when the product lists them. */
export function WhatYouGet({ items }: { items: NonNullable<Product["whatYouGet"]> }) {
  return (
    <ProductSection id="what-you-get" title="What You Get">
      <ul className="grid grid--3 plain-list">
        {items.map((item) => (
          <li key={item.title} className="card feature-card">
            <span className="icon-tile icon-tile--sm">
              <DeliverableIcon name={item.icon} aria-hidden="true" />
            </span>
            <h3>{item.title}</h3>
            <p>{item.description}</p>
          </li>
        ))}
      </ul>
    </ProductSection>
  );
}
