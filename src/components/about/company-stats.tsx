import type { Site } from "../../schemas/site.ts";

/** The four headline figures of the company, all from content/site.yaml. */
export function CompanyStats({ company }: { company: Site["company"] }) {
  const stats = [
    { value: String(company.foundingYear), label: "Founded" },
    { value: company.clientCount, label: "Happy Clients" },
    { value: company.productCount, label: "Products" },
    { value: company.yearsExperience, label: "Years Experience" },
  ];
  return (
    <ul className="stat-band" aria-label="Company facts">
      {stats.map((s) => (
        <li key={s.label} className="stat-band__item">
          <strong className="stat-band__value">{s.value}</strong>
          <span className="stat-band__label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
