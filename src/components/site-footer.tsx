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
          <section aria-labelledby="footer-quick">
            <h2 id="footer-quick">Quick Links</h2>
            <ul>
              {MENU.map((item) => (
                <li key={item.href}>
                  <a href={item.href}>{item.label}</a>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-products">
            <h2 id="footer-products">Products</h2>
            <ul>
              {products.slice(0, FOOTER_PRODUCTS).map((p) => (
                <li key={p.id}>
                  <a href={`/products/${p.id}`}>{p.name}</a>
                </li>
              ))}
              <li>
                <a href="/products">View All</a>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-services">
            <h2 id="footer-services">Services</h2>
            <ul>
              <li>
                <a href="/installation">Installation Services</a>
              </li>
              <li>
                <a href="/contact">Contact Us</a>
              </li>
              <li>
                <a href="/faq">FAQ</a>
              </li>
              <li>
                <a href={site.marketplace.profileUrl} rel="noopener" target="_blank">
                  {site.marketplace.name} Profile <ExternalLink aria-hidden="true" className="icon-inline" />
                </a>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-legal">
            <h2 id="footer-legal">Legal</h2>
            <ul>
              {LEGAL.map((item) => (
                <li key={item.href}>
                  <a href={item.href}>{item.label}</a>
                </li>
              ))}
              <li>
                <Island of={CookieSettings} props={{}} hydrate="interaction" />
              </li>
            </ul>
          </section>
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
