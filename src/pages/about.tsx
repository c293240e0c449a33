import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";

export default definePage({
  data: ({ content }) => ({ site: content.site, about: content.about }),
  head: ({ site }) => ({
    title: "About Us",
    description: `${site.name}: building ready-made SaaS applications since ${site.company.foundingYear} for ${site.company.clientCount} clients.`,
  }),
  Page: ({ site, about }) => (
    <>
      <PageHeader title={`About ${site.name}`} lead={site.tagline} />
      <div className="container">
        {about.intro.map((p) => <p key={p}>{p}</p>)}
        <ul className="stats">
          <li><strong>{site.company.foundingYear}</strong> Founded</li>
          <li><strong>{site.company.clientCount}</strong> Happy Clients</li>
          <li><strong>{site.company.productCount}</strong> Products</li>
          <li><strong>{site.company.yearsExperience}</strong> Years Experience</li>
        </ul>
        <h2>Our values</h2>
        <div className="grid grid--3">
          {about.values.map((v) => (
            <section key={v.title} className="card"><h3>{v.title}</h3><p>{v.description}</p></section>
          ))}
        </div>
        <h2>Our journey</h2>
        <ol className="timeline">
          {about.timeline.map((t) => (
            <li key={t.year}><strong>{t.year}</strong> {t.title}: {t.description}</li>
          ))}
        </ol>
        <h2>{about.team.heading}</h2>
        <p>{about.team.description}</p>
      </div>
    </>
  ),
});
