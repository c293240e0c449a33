import type { Product } from "../../schemas/product.ts";
import type { Site } from "../../schemas/site.ts";
import { ChevronDownIcon } from "../icon.tsx";

const CONTENT_ID = "more-information";

/** 'Show More Information': an introduction in the HTML, hidden until its disclosure button is pressed. */
export function ShowMoreInformation({
  site,
  products,
}: {
  site: Site;
  products: Pick<Product, "id" | "name" | "category">[];
}) {
  const { company } = site;
  return (
    <section className="section more-info" aria-labelledby="more-info-title">
      <div className="container container--narrow">
        <p className="eyebrow">Why ready-made</p>
        <h2 id="more-info-title">White-Label SaaS Apps That Are Ready on Day One</h2>
        <p className="more-info__intro">
          {site.name} builds complete, white-label business applications and sells them as full source code. Since{" "}
          {company.foundingYear}, {company.clientCount} entrepreneurs, startups and agencies have launched their own
          brands on our {company.productCount} products instead of spending a year on a custom build.
        </p>
        <div className="more-info__content" id={CONTENT_ID} hidden>
          <h3>What you get with every app</h3>
          <p>
            Each product ships with the customer apps, a responsive website and an admin panel, together with the full
            source code, documentation and {company.yearsExperience} years of experience behind it. You rebrand it with
            your own name, logo and colours, connect your payment gateways and publish it under your own accounts, so
            the business and its customers are yours from the first day.
          </p>
          <h3>Apps for many industries</h3>
          <p>Our catalogue covers the markets our clients build on most:</p>
          <ul className="more-info__list">
            {products.map((product) => (
              <li key={product.id}>
                {/* The category is the item's own text, muted (home.css): no span in each of ten items. */}
                <a href={`/products/${product.id}`}>{product.name}</a> ({product.category})
              </li>
            ))}
          </ul>
          <h3>Installation, support and custom work</h3>
          <p>
            Prefer not to touch a server? Our team installs the product for you, configures mail and third-party
            services and publishes your mobile apps. Every purchase includes support for bug fixes and setup questions,
            and we take on custom features when your business grows beyond the standard product.
          </p>
        </div>
        <button
          type="button"
          className="button more-info__toggle"
          data-disclosure=""
          data-open-label="Hide Information"
          aria-expanded="false"
          aria-controls={CONTENT_ID}
        >
          <span data-label="">Show More Information</span>
          <ChevronDownIcon size={18} />
        </button>
      </div>
    </section>
  );
}
