import { PageHeader } from "../components/page-header.tsx";
import { definePage } from "../lib/page.ts";
import { telUrl, whatsappUrl } from "../lib/urls.ts";

export default definePage({
  data: ({ content }) => ({ site: content.site }),
  head: ({ site }) => ({
    title: "Contact Us",
    description: `Talk to ${site.name} by WhatsApp, e-mail or phone about our ready-made apps, installation and support.`,
  }),
  Page: ({ site }) => (
    <>
      <PageHeader title="Contact Us" lead="Questions about a product, installation or support? We are here to help." />
      <div className="container grid grid--3">
        <section className="card">
          <h2>WhatsApp</h2>
          <p><a href={whatsappUrl(site.contact.whatsapp)} rel="noopener" target="_blank">Chat on WhatsApp</a></p>
          <p className="muted">{site.contact.whatsappReply}</p>
        </section>
        <section className="card">
          <h2>E-mail</h2>
          <p><a href={`mailto:${site.contact.email}`}>{site.contact.email}</a></p>
          <p className="muted">{site.contact.emailReply}</p>
        </section>
        <section className="card">
          <h2>Phone</h2>
          <p><a href={telUrl(site.contact.phone)}>{site.contact.phone}</a></p>
          <p className="muted">{site.contact.callHours}</p>
        </section>
      </div>
      <p className="container">
        Existing customer? <a href={site.contact.supportUrl} rel="noopener" target="_blank">Open the support portal</a>.
      </p>
    </>
  ),
});
