import { CheckListItems } from "../components/check-list.tsx";
import { Clock } from "../components/icon.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { InlineScript } from "../components/inline-script.tsx";
import type { InstallationPackage } from "../schemas/installation-package.ts";
import InstallationForm from "../islands/installation-form.tsx";
import { Island } from "../lib/island-wrapper.tsx";
import { CURRENCIES, CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY } from "../lib/currency.ts";
import { formatInr, formatUsd } from "../lib/money.ts";
import { definePage } from "../lib/page.ts";

const PACKAGES_ID = "installation-packages";
/** The section holding the toggle and the prices: the toggle's target must already be open when its script runs. */
const PRICES_ID = "packages";

export default definePage({
  data: ({ content }) => ({ installation: content.installation, products: content.products, site: content.site }),
  // The prices quoted here come from the same package data as the page, so the two can never disagree.
  head: ({ installation }) => ({
    title: "Installation Services",
    description: `Professional installation of your app: ${installation.packages
      .map((p) => `${p.name} ${formatInr(p.priceINR)} / ${formatUsd(p.priceUSD)}`)
      .join(", ")}. One-time price, ${installation.gstPercent}% GST on INR payments.`,
  }),
  Page: ({ installation, products, site }) => (
    <>
      <PageHeader
        eyebrow="Installation services"
        title="Professional Installation Services"
        lead="We install, configure, brand and publish your app for you, so you can launch in days instead of weeks."
      >
        <p>
          <a className="button button--primary" href="#request">
            Request Installation
          </a>
        </p>
      </PageHeader>
      <div className="container installation-steps">
        <section aria-labelledby="packages-title" id={PRICES_ID} data-choice-value={DEFAULT_CURRENCY}>
          <div className="section-heading">
            <h2 id="packages-title">Choose Your Package</h2>
            <CurrencyToggle targetId={PRICES_ID} />
          </div>
          <ul className="package-grid" id={PACKAGES_ID}>
            {installation.packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} gstPercent={installation.gstPercent} />
            ))}
          </ul>
          <p className="muted package-note">
            All prices are one-time. {installation.gstPercent}% GST applies on INR payments.
          </p>
        </section>
        <div className="two-columns">
          <section className="card" aria-labelledby="included-title">
            <h2 id="included-title">Included in Every Package</h2>
            <ul className="check-list check-list--circled">
              <CheckListItems items={installation.includedInEvery} />
            </ul>
          </section>
          <section className="card" aria-labelledby="supply-title">
            <h2 id="supply-title">What You Need to Provide</h2>
            <ul className="bullet-list">
              {installation.clientSupplies.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        </div>
        <section aria-labelledby="timing-title">
          <h2 id="timing-title">Timing and Support</h2>
          <dl className="promise-grid">
            {installation.promises.map((promise) => (
              <div key={promise.label} className="promise">
                <dt>
                  <Clock size={16} aria-hidden="true" /> {promise.label}
                </dt>
                <dd>{promise.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="form-section" id="request" aria-labelledby="request-title">
          <div className="form-section__intro">
            <h2 id="request-title">Request Installation</h2>
            <p>Tell us which product and package you need, and we will plan the installation with you.</p>
            <noscript>
              <p className="notice">
                This form needs JavaScript. You can also e-mail your request to{" "}
                <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>.
              </p>
            </noscript>
          </div>
          <div className="card">
            <Island
              of={InstallationForm}
              props={{
                products: products.map((p) => ({ id: p.id, name: p.name })),
                packages: installation.packages.map((p) => ({ id: p.id, label: `${p.name}: ${p.subtitle}` })),
                contact: { email: site.contact.email, phone: site.contact.phone },
              }}
              hydrate="interaction"
              prefetch
            />
          </div>
        </section>
      </div>
    </>
  ),
});

/**
 * INR / USD switch, inside the element `targetId` that holds the prices in both currencies: its placed script
 * (src/client/inline/currency.ts) writes the visitor's currency to that element's `data-choice-value` before the
 * prices are parsed, the eager loader does on a click, and the stylesheet puts that price first.
 */
function CurrencyToggle({ targetId }: { targetId: string }) {
  return (
    <fieldset className="currency-toggle" data-choice={CURRENCY_STORAGE_KEY} data-choice-for={targetId}>
      <legend className="visually-hidden">Show prices in</legend>
      {CURRENCIES.map((c) => (
        <button key={c} type="button" value={c} aria-pressed={c === DEFAULT_CURRENCY}>
          {c === "INR" ? "INR (₹)" : "USD ($)"}
        </button>
      ))}
      <InlineScript name="currency" />
    </fieldset>
  );
}

/**
 * One installation package with its price in both currencies. The section around it carries `data-choice-value`,
 * which the currency toggle sets; the stylesheet enlarges the chosen price and puts it first.
 */
function PackageCard({ pkg, gstPercent }: { pkg: InstallationPackage; gstPercent: number }) {
  return (
    <li className={pkg.popular ? "card package-card package-card--popular" : "card package-card"}>
      {pkg.popular && <p className="package-card__flag">Most Popular</p>}
      <h3>{pkg.name}</h3>
      <p className="muted">{pkg.subtitle}</p>
      <div className="price">
        <p className="price__option" data-price="INR">
          <span className="price__amount">{formatInr(pkg.priceINR)}</span>{" "}
          <span className="price__note">+ {gstPercent}% GST</span>
        </p>
        <p className="price__option" data-price="USD">
          <span className="price__amount">{formatUsd(pkg.priceUSD)}</span>
        </p>
        <p className="price__once muted">One-time payment</p>
      </div>
      <ul className="check-list">
        <CheckListItems items={pkg.features} />
      </ul>
      <a
        className={pkg.popular ? "button button--primary package-card__cta" : "button package-card__cta"}
        href={`?package=${pkg.id}#request`}
        aria-label={`Choose ${pkg.name}: request the ${pkg.name} installation package`}
      >
        Choose {pkg.name}
      </a>
    </li>
  );
}
