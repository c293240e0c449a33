import { BadgeCheck, Handshake, Headphones, RefreshCw, Rocket, TrendingUp, Users } from "../components/icon.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";
import { organization } from "../lib/structured-data.ts";

/** One decorative icon per value, in the order content/about.yaml lists them. */
const VALUE_ICONS = [BadgeCheck, Rocket, Handshake, Headphones, RefreshCw, TrendingUp];

export default definePage({
  data: ({ content }) => ({ site: content.site, about: content.about }),
  head: ({ site }) => ({
    title: "About Us",
    description: `${site.name} has built ready-made, white-label SaaS applications since ${site.company.foundingYear}: ${site.company.clientCount} clients, ${site.company.productCount} products, ${site.company.yearsExperience} years of experience.`,
    jsonLd: [organization(site)],
  }),
  Page: ({ site, about }) => (
    <>
      <PageHeader
        eyebrow={`Trusted since ${site.company.foundingYear}`}
        title={`About ${site.name}`}
        lead={site.tagline}
      />
      <div className="container">
        <section className="about-intro" aria-label="Who we are">
          {about.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <ul className="stat-band" aria-label="Company facts">
          {[
            { value: String(site.company.foundingYear), label: "Founded" },
            { value: site.company.clientCount, label: "Happy Clients" },
            { value: site.company.productCount, label: "Products" },
            { value: site.company.yearsExperience, label: "Years Experience" },
          ].map((s) => (
            <li key={s.label} className="stat-band__item">
              <strong className="stat-band__value">{s.value}</strong>
              <span className="stat-band__label">{s.label}</span>
            </li>
          ))}
        </ul>
        <section aria-labelledby="about-values">
          <h2 id="about-values">Our Values</h2>
          <ul className="values-grid">
            {about.values.map((value, i) => {
              const Drawn = VALUE_ICONS[i % VALUE_ICONS.length] ?? BadgeCheck;
              return (
                <li key={value.title} className="card value-card">
                  <span className="icon-tile" aria-hidden="true">
                    <Drawn size={22} />
                  </span>
                  <h3>{value.title}</h3>
                  <p>{value.description}</p>
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby="about-journey">
          <h2 id="about-journey">Our Journey</h2>
          <ol className="timeline">
            {about.timeline.map((item) => (
              <li key={`${item.year}-${item.title}`} className="timeline__item">
                <span className="timeline__year">{item.year}</span>
                <div className="timeline__body">
                  <h3>{item.title}</h3>
                  <p>{item.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <section className="card team-card" aria-labelledby="about-team">
          <span className="icon-tile icon-tile--brand" aria-hidden="true">
            <Users size={28} />
          </span>
          <div>
            <p className="eyebrow">Team of {site.company.teamSize}</p>
            <h2 id="about-team">{about.team.heading}</h2>
            <p>{about.team.description}</p>
            <p className="team-card__actions">
              <a className="button button--primary" href="/products">
                Explore Our Products
              </a>
              <a className="button" href="/contact">
                Talk to the Team
              </a>
            </p>
          </div>
        </section>
      </div>
    </>
  ),
});
