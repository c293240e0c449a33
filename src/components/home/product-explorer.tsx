import { ArrowRight, Download, Headset, Wrench } from "../icon.tsx";
import { BuyControl } from "../product/buy-control.tsx";
import { MAX_KEY_FEATURES } from "../../lib/limits.ts";
import type { Product } from "../../schemas/product.ts";
import { ProductIcon } from "../icon.tsx";
import { Picture } from "../picture.tsx";

/**
 * Where the explorer's panels are, each product's as HTML by its id (written by build/plugins/explorer-panels.tsx): the page
 * holds the chosen product's panel only, and src/client/explorer.ts fetches the others once, as the explorer nears.
 */
export const EXPLORER_PANELS_PATH = "/products/explorer-panels.json";

/**
 * Home's product explorer: a radio group of products beside the chosen one's panel. Only the first panel is in the
 * page; choosing another puts its panel in place (src/client/explorer.ts), and without JavaScript the others are a
 * link away. On phones the list becomes a row you swipe through, above the panel.
 */
export function ProductExplorer({ products }: { products: Product[] }) {
  const [first] = products;
  return (
    <section className="section explorer-section" aria-labelledby="explorer-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">Our products</p>
          <h2 id="explorer-title">Explore Our Ready-Made Apps</h2>
          <p className="lead">Choose an app to see what it does, what you get and how to buy it.</p>
        </header>
        <div className="explorer" data-panels={EXPLORER_PANELS_PATH}>
          <fieldset className="explorer__list">
            <legend className="visually-hidden">Choose an app</legend>
            {products.map((product, index) => (
              <label key={product.id} className="explorer__option">
                <input
                  type="radio"
                  name="explorer-product"
                  value={product.id}
                  defaultChecked={index === 0}
                  className="visually-hidden"
                  aria-labelledby={`explorer-${product.id}-name`}
                  aria-describedby={`explorer-${product.id}-short`}
                />
                {/* Icon, name and description sit in the label's own grid (home.css), without wrappers. */}
                <ProductIcon name={product.icon} className="icon-tile icon-tile--sm" />
                <strong id={`explorer-${product.id}-name`}>{product.name}</strong>
                <span id={`explorer-${product.id}-short`}>{product.shortDescription}</span>
              </label>
            ))}
          </fieldset>
          <div className="explorer__panels">{first && <ExplorerPanel product={first} />}</div>
          <noscript>
            <p className="explorer__no-script">
              Each app&apos;s details are on its own page: <a href="/products">browse all apps</a>.
            </p>
          </noscript>
        </div>
      </div>
    </section>
  );
}

/** One product's panel: in the page for the first product, and in EXPLORER_PANELS_PATH for each. */
export function ExplorerPanel({ product }: { product: Product }) {
  const titleId = `explorer-${product.id}-title`;
  return (
    <article className="explorer__panel" aria-labelledby={titleId}>
      <div className="explorer__media">
        <Picture slot="half" src={product.image} alt="" width={800} height={560} />
      </div>
      <div className="explorer__body">
        <p className="badge badge--primary">{product.category}</p>
        <h3 id={titleId}>{product.name}</h3>
        <p className="explorer__short">{product.shortDescription}</p>
        <p className="explorer__full">{product.fullDescription}</p>
        <h4>Key features</h4>
        <ul className="check-list explorer__features">
          {product.features.slice(0, MAX_KEY_FEATURES).map((feature) => (
            // Plain text: the list's grid (check-list.css) puts it beside the mark as one item, no span needed.
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <div className="explorer__actions">
          <a className="button button--secondary" href={`/products/${product.id}`}>
            View Details
            <ArrowRight aria-hidden="true" />
          </a>
          {/* A product sold directly brings its inquiry dialog in its panel: home holds none until one is chosen
              (src/client/explorer.ts wakes the dialog's form island when the panel is put in place). */}
          <BuyControl product={product} />
        </div>
        <ul className="explorer__links">
          <li>
            <a className="text-link" href={product.documentationUrl} download>
              <Download aria-hidden="true" /> Download Docs
            </a>
          </li>
          <li>
            <a className="text-link" href="/installation">
              <Wrench aria-hidden="true" /> Request Installation
            </a>
          </li>
          <li>
            <a className="text-link" href="/contact">
              <Headset aria-hidden="true" /> Get Support
            </a>
          </li>
        </ul>
      </div>
    </article>
  );
}
