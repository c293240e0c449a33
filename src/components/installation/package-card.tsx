import { formatInr, formatUsd } from "../../lib/money.ts";
import type { InstallationPackage } from "../../schemas/installation-package.ts";

/**
 * One installation package with its price in both currencies. The section around it carries `data-choice-value`,
 * which the currency toggle sets; the stylesheet enlarges the chosen price and puts it first.
 */
export function PackageCard({ pkg, gstPercent }: { pkg: InstallationPackage; gstPercent: number }) {
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
        {pkg.features.map((feature) => (
          <li key={feature}>
            <span>{feature}</span>
          </li>
        ))}
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
