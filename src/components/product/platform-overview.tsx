import type { Product } from "../../schemas/product.ts";
import { PlatformTabs } from "./platform-tabs.tsx";
import { ProductSection } from "./product-section.tsx";

/** One tab per demo (website, apps, admin …), each with its live demo link. */
export function PlatformOverview({ name, demos }: { name: string; demos: NonNullable<Product["demoDetails"]> }) {
  return (
    <ProductSection
      id="platform-overview"
      title="Platform Overview"
      lead={`Explore every part of ${name} and try its live demos.`}
    >
      <PlatformTabs label={`${name} platform overview`} tabs={demos} />
    </ProductSection>
  );
}
