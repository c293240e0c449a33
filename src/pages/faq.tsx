import { ArrowRight, ExternalLink, FileText, MessageCircle, Package, Wrench } from "../components/icon.tsx";
import { FaqCategorySection } from "../components/faq/faq-category.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";
import { faqAnswerIds } from "../lib/search.ts";
import { slugify } from "../lib/slug.ts";
import { faqPage } from "../lib/structured-data.ts";

/** Anchor id of a category, e.g. "Purchasing & Licensing" → faq-purchasing-licensing. */
const anchor = (category: string) => `faq-${slugify(category)}`;

const NEXT_STEPS = [
  {
    href: "/products",
    title: "Browse Products",
    text: "Explore our ready-made applications and their live demos.",
    Icon: Package,
  },
  {
    href: "/installation",
    title: "Installation Services",
    text: "Let our team install, brand and publish your app.",
    Icon: Wrench,
  },
  {
    href: "/refund",
    title: "Refund Policy",
    text: "Read how refunds, support periods and response times work.",
    Icon: FileText,
  },
] as const;

export default definePage({
  data: ({ content }) => ({ faq: content.faq.categories, site: content.site }),
  // The structured data is built from the same content as the page, so both always list the same questions.
  head: ({ faq }) => ({
    title: "Frequently Asked Questions",
    description:
      "Answers about buying, licensing, installing, customising and supporting our ready-made SaaS applications.",
    jsonLd: [faqPage(faq)],
  }),
  Page: ({ faq, site }) => {
    const answerIds = faqAnswerIds(faq);
    return (
      <>
        <PageHeader eyebrow="Help center" title="Frequently Asked Questions">
          <p className="lead">
            Find answers about our products, licences, installation and support. Can't find what you need?{" "}
            <a href="/contact">Contact us</a> or <a href="/products">browse our products</a>.
          </p>
        </PageHeader>
        <div className="container">
          <nav className="faq-nav" aria-label="FAQ categories">
            <ul>
              {faq.map((category) => (
                <li key={category.category}>
                  <a href={`#${anchor(category.category)}`}>{category.category}</a>
                </li>
              ))}
            </ul>
          </nav>
          {faq.map((category, i) => (
            <FaqCategorySection
              key={category.category}
              category={category}
              id={anchor(category.category)}
              answerIds={answerIds[i] ?? []}
            />
          ))}
          <section className="still-questions" aria-labelledby="still-questions">
            <span className="icon-tile icon-tile--brand" aria-hidden="true">
              <MessageCircle size={28} />
            </span>
            <h2 id="still-questions">Still Have Questions?</h2>
            <p>Our team is happy to help with anything this page does not answer.</p>
            <p className="still-questions__actions">
              <a className="button button--primary" href="/contact">
                Contact Us
              </a>
              <a className="button" href={site.contact.ticketPortalUrl} rel="noopener" target="_blank">
                Submit a Ticket <ExternalLink size={16} aria-hidden="true" />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          </section>
          <ul className="next-steps" aria-label="Next steps">
            {NEXT_STEPS.map(({ href, title, text, Icon }) => (
              <li key={href} className="card next-step">
                <span className="icon-tile" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <h2>
                  <a href={href}>{title}</a>
                </h2>
                <p>{text}</p>
                <ArrowRight className="next-step__arrow" size={18} aria-hidden="true" />
              </li>
            ))}
          </ul>
        </div>
      </>
    );
  },
});
