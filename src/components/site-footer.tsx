import type { ReactNode } from "react";
import { ExternalLink } from "./icon.tsx";
import CookieSettings from "../islands/cookie-settings.tsx";
import { Island } from "../lib/island-wrapper.tsx";
import { Brand } from "./shell/logo.tsx";
import { SocialLinks } from "./shell/social-links.tsx";
import { MENU } from "./site-header.tsx";
import { useSiteContext } from "./site-context.tsx";

const LEGAL = [
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms & Conditions", href: "/terms" },
  { label: "Refund Policy", href: "/refund" },
  { label: "Cookies Policy", href: "/cookies" },
  { label: "Disclaimer", href: "/disclaimer" },
] as const;

const SERVICES = [
  { label: "Installation Services", href: "/installation" },
  { label: "Contact Us", href: "/contact" },
  { label: "FAQ", href: "/faq" },
] as const;

type Link = { readonly label: string; readonly href: string };
const Items = ({ links }: { links: readonly Link[] }) =>
  links.map((item) => (
    <li key={item.href}>
      <a href={item.href}>{item.label}</a>
    </li>
  ));

/** A footer column: its heading names the list of links (a region for assistive technology). */
const Column = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id}>
    <h2 id={id}>{title}</h2>
    <ul>{children}</ul>
  </section>
);

/** Footer products column: the first three products, then View All. */
const FOOTER_PRODUCTS = 3;

/** The marketplace the vendor is an exclusive author on, as the copyright line names it. */
const MARKETPLACE_OWNER = "Envato Market";

export function SiteFooter() {
  const { content } = useSiteContext();
  const { site, products } = content;
  // Prerendered: the year of the build, which every deploy refreshes.
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__top">
        <div className="site-footer__brand">
          <Brand name={site.name} />
          <p>{site.tagline}.</p>
          <SocialLinks social={site.social} className="social-links" />
        </div>
        <div className="site-footer__columns">
          <Column id="footer-quick" title="Quick Links">
            <Items links={MENU} />
          </Column>
          <Column id="footer-products" title="Products">
            <Items
              links={[
                ...products.slice(0, FOOTER_PRODUCTS).map((p) => ({ label: p.name, href: `/products/${p.id}` })),
                { label: "View All", href: "/products" },
              ]}
            />
          </Column>
          <Column id="footer-services" title="Services">
            <Items links={SERVICES} />
            <li>
              <a href={site.marketplace.profileUrl} rel="noopener" target="_blank">
                {site.marketplace.name} Profile <ExternalLink aria-hidden="true" className="icon-inline" />
              </a>
            </li>
          </Column>
          <Column id="footer-legal" title="Legal">
            <Items links={LEGAL} />
            <li>
              <Island of={CookieSettings} props={{}} hydrate="interaction" />
            </li>
          </Column>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__copyright">
          © {year} {site.name}. All rights reserved.{" "}
          <span>
            Exclusive Author on {MARKETPLACE_OWNER} | Trusted Since {site.company.foundingYear}
          </span>
        </p>
      </div>
    </footer>
  );
}
