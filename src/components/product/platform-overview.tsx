import ProductTabs from "../../islands/product-tabs.tsx";
import { Island } from "../../lib/island.tsx";
import type { Product } from "../../schemas/product.ts";
import { ProductSection } from "./product-section.tsx";

/** One tab per demo (website, apps, admin …), each with its live demo link. */
export function PlatformOverview({ name, demos }: { name: string; demos: NonNullable<Product["demoDetails"]> }) {
  return (
    <ProductSection id="platform-overview" title="Platform Overview" lead={`Explore every part of ${name} and try its live demos.`}>
      <Island
        of={ProductTabs}
        props={{
          label: `${name} platform overview`,
          tabs: demos.map((d) => ({ name: d.name, description: d.description, demoUrl: d.demoUrl, type: d.type })),
        }}
        hydrate="interaction"
      />
    </ProductSection>
  );
}
