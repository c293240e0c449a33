import { ArrowRight, ExternalLink, Headset } from "lucide-react";
import AppsMenu from "../islands/apps-menu.tsx";
import MobileMenu from "../islands/mobile-menu.tsx";
import SiteSearch from "../islands/site-search.tsx";
import { Island } from "../lib/island.tsx";
import { pageSheetHref } from "../lib/stylesheets.ts";
import { ProductIcon } from "./icon.tsx";
import { Brand } from "./shell/logo.tsx";
import { SocialLinks } from "./shell/social-links.tsx";
import { ThemeSwitch } from "./shell/theme-switch.tsx";
import { useSiteContext } from "./site-context.tsx";

const NAV_ITEMS = [
  { label: "Home", href: "/" },
  { label: "About", href: "/about" },
  { label: "Portfolio", href: "/portfolio" },
  { label: "Blog", href: "/blog" },
  { label: "Installation", href: "/installation" },
  { label: "FAQ", href: "/faq" },
  { label: "Contact", href: "/contact" },
] as const;

/**
 * The menu in SPEC order: Home, Apps, then the rest. Apps is a dropdown on desktop and a link on phones; the
 * footer's Quick Links list the same items.
 */
export const MENU = [NAV_ITEMS[0], { label: "Apps", href: "/products" }, ...NAV_ITEMS.slice(1)] as const;

const APPS_PANEL_ID = "apps-menu-panel";
const MOBILE_NAV_ID = "mobile-nav";


/**
 * Top bar and main navigation. Complete without JavaScript (the Apps panel opens on hover and focus with CSS);
 * two small islands add the Apps dropdown's keyboard handling and the phone menu's toggle when first touched.
 */
export function SiteHeader() {
  const { content, isCurrent, stylesheets } = useSiteContext();
  const { site, products } = content;
  const current = (href: string) => (isCurrent(href) ? "page" : undefined);
  return (
    <header className="site-header">
      <div className="top-bar">
        <div className="container top-bar__inner">
          <SocialLinks social={site.social} className="top-bar__social" />
          <p className="top-bar__note">
            Trusted by {site.company.clientCount} clients since {site.company.foundingYear}
          </p>
          <div className="top-bar__end">
            <ThemeSwitch />
            <a className="top-bar__support" href={site.contact.supportUrl} rel="noopener" target="_blank">
              <Headset aria-hidden="true" />
              <span className="top-bar__support-label">Get Support</span>
            </a>
          </div>
        </div>
      </div>
      <nav className="nav-bar" aria-label="Main">
        <div className="container main-nav">
          <Brand name={site.name} id="header" />
          <ul className="main-nav__items">
            {MENU.map((item) =>
              item.label === "Apps" ? (
                <li key={item.href} className="apps-menu">
                  <Island of={AppsMenu} props={{ panelId: APPS_PANEL_ID, current: isCurrent(item.href) }} hydrate="interaction" />
                  <div className="apps-menu__panel" id={APPS_PANEL_ID}>
                    <ul className="apps-menu__grid">
                      {products.map((product) => (
                        <li key={product.id}>
                          <a className="apps-menu__item" href={`/products/${product.id}`} aria-current={current(`/products/${product.id}`)}>
                            <span className="icon-tile icon-tile--sm">
                              <ProductIcon name={product.icon} />
                            </span>
                            <span className="apps-menu__text">
                              <strong>{product.name}</strong>
                              <span>{product.shortDescription}</span>
                            </span>
                          </a>
                        </li>
                      ))}
                    </ul>
                    <a className="apps-menu__all" href="/products">
                      View all apps <ArrowRight aria-hidden="true" />
                    </a>
                  </div>
                </li>
              ) : (
                <li key={item.href}>
                  <a className="main-nav__link" href={item.href} aria-current={current(item.href)}>
                    {item.label}
                  </a>
                </li>
              ),
            )}
          </ul>
          <Island of={SiteSearch} props={{ stylesheet: pageSheetHref(stylesheets, "search") }} hydrate="click" />
          <a className="button button--primary main-nav__cta" href={site.marketplace.profileUrl} rel="noopener" target="_blank">
            View on {site.marketplace.name}
            <ExternalLink aria-hidden="true" />
          </a>
          <Island of={MobileMenu} props={{ panelId: MOBILE_NAV_ID }} hydrate="interaction" />
        </div>
        <div className="mobile-nav" id={MOBILE_NAV_ID} hidden>
          <ul className="container mobile-nav__items">
            {MENU.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={current(item.href)}>
                  {item.label}
                </a>
              </li>
            ))}
            <li className="mobile-nav__cta">
              <a className="button button--primary button--block" href={site.marketplace.profileUrl} rel="noopener" target="_blank">
                View on {site.marketplace.name}
                <ExternalLink aria-hidden="true" />
              </a>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
