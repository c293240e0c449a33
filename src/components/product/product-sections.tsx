import type { ReactNode } from "react";
import type { Listed } from "../../lib/content.ts";
import type { benefitIcons, ProductPageCopy } from "../../schemas/product-page.ts";
import type { Product } from "../../schemas/product.ts";
import {
  ChevronDown,
  Code,
  DeliverableIcon,
  Headset,
  type Icon,
  Palette,
  Rocket,
  ShieldCheck,
  TrendingUp,
  Users,
} from "../icon.tsx";
import { CheckListItems } from "../check-list.tsx";
import { PlatformTabs } from "./platform-tabs.tsx";

const BENEFIT_ICONS: Record<(typeof benefitIcons)[number], Icon> = {
  rocket: Rocket,
  code: Code,
  palette: Palette,
  shield: ShieldCheck,
  headset: Headset,
  "trending-up": TrendingUp,
};

/** A titled band of the product page; `surface` alternates the background for rhythm. */
function Section({
  id,
  title,
  lead,
  surface = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  surface?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`section product-section${surface ? " section--surface" : ""}`} aria-labelledby={id}>
      <div className="container">
        <header className="section__header">
          <h2 id={id}>{title}</h2>
          {lead && <p>{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

/**
 * The product page's bands between its hero and its closing call to action: the product's own facts, and the copy
 * every product shares (content/product-page.yaml). Optional lists draw no band when empty.
 */
export function ProductSections({ product, copy }: { product: Listed<Product>; copy: ProductPageCopy }) {
  const { name } = product;
  return (
    <>
      <Section id="what-is" title={`What is ${name}?`}>
        <p className="product-section__prose">{product.fullDescription}</p>
      </Section>
      {product.whatYouGet?.length ? (
        <Section id="what-you-get" title="What You Get">
          <ul className="grid grid--3 plain-list">
            {product.whatYouGet.map((item) => (
              <li key={item.title} className="card feature-card">
                <span className="icon-tile icon-tile--sm">
                  <DeliverableIcon name={item.icon} />
                </span>
                <h3>{item.title}</h3>
                <p>{item.description}</p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {product.demoDetails?.length ? (
        <Section
          id="platform-overview"
          title="Platform Overview"
          lead={`Explore every part of ${name} and try its live demos.`}
        >
          <PlatformTabs label={`${name} platform overview`} tabs={product.demoDetails} />
        </Section>
      ) : null}
      <Section id="key-benefits" title="Key Benefits" surface>
        <ul className="grid grid--3 plain-list">
          {copy.keyBenefits.map((benefit) => {
            const Drawn = BENEFIT_ICONS[benefit.icon];
            return (
              <li key={benefit.title} className="card feature-card">
                <span className="icon-tile icon-tile--brand">
                  <Drawn />
                </span>
                <h3>{benefit.title}</h3>
                <p>{benefit.description}</p>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section id="features" title="Features" lead={`Everything ${name} does out of the box.`}>
        <ul className="check-list check-list--circled check-list--columns">
          <CheckListItems items={product.features} />
        </ul>
      </Section>
      <Section id="how-it-works" title="How It Works" surface>
        <ol className="steps">
          {copy.howItWorks.map((step) => (
            <li key={step.title} className="steps__item">
              <h3>{step.title}</h3>
              <p>{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="tech-specs" title="Technical Specifications">
        <dl className="spec-list">
          {product.techSpecs.map((spec) => (
            <div key={spec.label} className="spec-list__row">
              <dt>{spec.label}</dt>
              <dd>{spec.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="perfect-for" title="Perfect For" surface>
        <ul className="audience-list">
          {product.perfectFor.map((audience) => (
            <li key={audience}>
              <span className="icon-tile icon-tile--sm">
                <Users />
              </span>
              <span>{audience}</span>
            </li>
          ))}
        </ul>
      </Section>
      {/* Native <details> sharing one `name`: one open at a time, each closable again, with no script. */}
      <Section id="product-faq" title="Frequently Asked Questions">
        <div className="accordion">
          {copy.faq.map((item) => (
            <details key={item.q} name="product-faq" className="accordion__item">
              <summary>
                <span>{item.q}</span>
                <ChevronDown className="accordion__chevron" />
              </summary>
              <p>{item.a}</p>
            </details>
          ))}
        </div>
      </Section>
      {product.readyMadeClones?.length ? (
        <Section
          id="ready-made-clones"
          title="Ready-Made Clones"
          lead="Start from a variant already shaped like a platform your customers know."
        >
          <ul className="grid grid--3 plain-list">
            {product.readyMadeClones.map((clone) => (
              <li key={clone.name} className="card clone-card">
                <h3>{clone.name}</h3>
                <p>{clone.description}</p>
                <ul className="check-list">
                  <CheckListItems items={clone.features} />
                </ul>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
