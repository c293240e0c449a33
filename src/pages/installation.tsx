import { Clock } from "../components/icon.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { CurrencyToggle } from "../components/installation/currency-toggle.tsx";
import { PackageCard } from "../components/installation/package-card.tsx";
import InstallationForm from "../islands/installation-form.tsx";
import { Island } from "../lib/island-wrapper.tsx";
import { DEFAULT_CURRENCY } from "../lib/currency.ts";
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
              {installation.includedInEvery.map((item) => (
                <li key={item}>
                  <span>{item}</span>
                </li>
              ))}
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
