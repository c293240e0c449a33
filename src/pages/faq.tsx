import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";
import { faqPage } from "../lib/structured-data.ts";

export default definePage({
  data: ({ content }) => ({ faq: content.faq, site: content.site }),
  head: ({ faq }) => ({
    title: "Frequently Asked Questions",
    description: "Answers about buying, licensing, installing, customising and supporting our ready-made SaaS applications.",
    jsonLd: [faqPage(faq)],
  }),
  Page: ({ faq, site }) => (
    <>
      <PageHeader title="Frequently Asked Questions">
        <p className="lead">
          Can't find an answer? <a href="/contact">Contact us</a> or <a href="/products">browse our products</a>.
        </p>
      </PageHeader>
      <div className="container">
        {faq.map((category, ci) => (
          <section key={category.category} aria-labelledby={`faq-${ci}`}>
            <h2 id={`faq-${ci}`}>{category.category}</h2>
            {category.questions.map((item) => (
              <details key={item.q} name={`faq-${ci}`}>
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </section>
        ))}
        <section className="card">
          <h2>Still Have Questions?</h2>
          <p>
            <a href="/contact">Contact us</a> or{" "}
            <a href={site.contact.ticketPortalUrl} rel="noopener" target="_blank">open a support ticket</a>.
          </p>
        </section>
      </div>
    </>
  ),
});
