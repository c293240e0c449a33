import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";
import { formatInr, formatUsd } from "../lib/money.ts";

export default definePage({
  data: ({ content }) => ({ installation: content.installation, products: content.products }),
  head: ({ installation }) => ({
    title: "Installation Services",
    description: `Professional installation of your app: ${installation.packages
      .map((p) => `${p.name} ${formatInr(p.priceINR)} / ${formatUsd(p.priceUSD)}`)
      .join(", ")}. One-time price, ${installation.gstPercent}% GST on INR payments.`,
  }),
  Page: ({ installation }) => (
    <>
      <PageHeader title="Installation Services" lead="We install, configure and publish your app for you." />
      <div className="container">
        <div className="grid grid--3">
          {installation.packages.map((p) => (
            <section key={p.id} className="card">
              {p.popular && <p className="badge">Most Popular</p>}
              <h2>{p.name}</h2>
              <p>{p.subtitle}</p>
              <p><strong>{formatInr(p.priceINR)}</strong> / {formatUsd(p.priceUSD)}</p>
              <ul>{p.features.map((f) => <li key={f}>{f}</li>)}</ul>
            </section>
          ))}
        </div>
        <p className="muted">{installation.gstPercent}% GST applies on INR payments.</p>
        <h2>Included in every package</h2>
        <ul>{installation.includedInEvery.map((f) => <li key={f}>{f}</li>)}</ul>
        <h2>What you need to provide</h2>
        <ul>{installation.clientSupplies.map((f) => <li key={f}>{f}</li>)}</ul>
        <h2>Timing and support</h2>
        <dl>{installation.promises.map((p) => <div key={p.label}><dt>{p.label}</dt><dd>{p.value}</dd></div>)}</dl>
      </div>
    </>
  ),
});
