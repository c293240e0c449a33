import { Users } from "../components/icon.tsx";
import { CompanyStats } from "../components/about/company-stats.tsx";
import { Timeline } from "../components/about/timeline.tsx";
import { ValuesGrid } from "../components/about/values-grid.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";
import { organization } from "../lib/structured-data.ts";

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
        <CompanyStats company={site.company} />
        <section aria-labelledby="about-values">
          <h2 id="about-values">Our Values</h2>
          <ValuesGrid values={about.values} />
        </section>
        <section aria-labelledby="about-journey">
          <h2 id="about-journey">Our Journey</h2>
          <Timeline items={about.timeline} />
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
