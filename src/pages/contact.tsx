import { ExternalLink, LifeBuoy, Mail, MessageCircle, Phone } from "../components/icon.tsx";
import { PageHeader } from "../components/page-header.tsx";
import ContactForm from "../islands/contact-form.tsx";
import { Island } from "../lib/island-wrapper.tsx";
import { definePage } from "../lib/page.ts";
import { telUrl, whatsappUrl } from "../lib/urls.ts";
import type { Site } from "../schemas/site.ts";

export default definePage({
  data: ({ content }) => ({ site: content.site, products: content.products }),
  head: ({ site }) => ({
    title: "Contact Us",
    description: `Talk to ${site.name} by WhatsApp, e-mail or phone about our ready-made apps, installation and support.`,
  }),
  Page: ({ site, products }) => (
    <>
      <PageHeader
        eyebrow="Get in touch"
        title="Contact Us"
        lead="Questions about a product, installation or support? Choose the channel that suits you, or send us a message."
      />
      <div className="container">
        <ul className="contact-channels" aria-label="Ways to reach us">
          {channels(site.contact).map(({ Icon, title, href, linkText, note, external }) => (
            <li key={title} className="card contact-channel">
              <span className="icon-tile icon-tile--brand" aria-hidden="true">
                <Icon size={26} />
              </span>
              <h2>{title}</h2>
              <p>
                <a
                  href={href}
                  {...(external && {
                    rel: "noopener",
                    target: "_blank",
                    "aria-label": `${linkText} (opens in a new tab)`,
                  })}
                >
                  {linkText}
                </a>
              </p>
              <p className="muted">{note}</p>
            </li>
          ))}
        </ul>
        <section className="form-section" aria-labelledby="message-title">
          <div className="form-section__intro">
            <h2 id="message-title">Send Us a Message</h2>
            <p>Fill in the form and our team will answer by e-mail or phone.</p>
            <noscript>
              <p className="notice">
                This form needs JavaScript. You can also write to{" "}
                <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>.
              </p>
            </noscript>
            <div className="support-portal card">
              <span className="icon-tile" aria-hidden="true">
                <LifeBuoy size={22} />
              </span>
              <div>
                <h3>Already a customer?</h3>
                <p>Licence holders get the fastest help through our support portal.</p>
                <a
                  className="button button--secondary button--sm"
                  href={site.contact.supportUrl}
                  rel="noopener"
                  target="_blank"
                >
                  Visit the Support Portal <ExternalLink size={14} aria-hidden="true" />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </div>
            </div>
          </div>
          <div className="card">
            {/* It wakes when the visitor reaches for it; what they type before that is kept, and a submit waits for it. */}
            <Island
              of={ContactForm}
              props={{
                products: products.map((p) => ({ id: p.id, name: p.name })),
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

/** The ways to reach the vendor: icon, name, the link, and the promise that goes with it. */
const channels = (contact: Site["contact"]) => [
  {
    Icon: MessageCircle,
    title: "WhatsApp",
    href: whatsappUrl(contact.whatsapp),
    linkText: "Chat on WhatsApp",
    note: contact.whatsappReply,
    external: true,
  },
  { Icon: Mail, title: "Email", href: `mailto:${contact.email}`, linkText: contact.email, note: contact.emailReply },
  // Non-breaking spaces keep the number on one line.
  {
    Icon: Phone,
    title: "Phone",
    href: telUrl(contact.phone),
    linkText: contact.phone.replace(/ /g, "\u00a0"),
    note: contact.callHours,
  },
];
