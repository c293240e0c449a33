import { ArrowRight, ExternalLink, Headset } from "./icon.tsx";
import { DESKTOP_QUERY } from "../lib/limits.ts";
import { ChevronDownIcon, ProductIcon } from "./icon.tsx";
import { Brand } from "./shell/logo.tsx";
import { SocialLinks } from "./shell/social-links.tsx";
import { SearchControl } from "./search/search-control.tsx";
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

/** The menu in SPEC order (Apps a dropdown on desktop, a link on phones); the footer's Quick Links list it too. */
export const MENU = [NAV_ITEMS[0], { label: "Apps", href: "/products" }, ...NAV_ITEMS.slice(1)] as const;

const APPS_PANEL_ID = "apps-menu-panel";
const MOBILE_NAV_ID = "mobile-nav";

/**
 * Top bar and main navigation, with no island: the Apps panel opens on hover with CSS and on click or keyboard through
 * the eager loader's disclosure (src/client/controls.ts); the phone menu is a popover its button toggles natively.
 */
export function SiteHeader() {
  const { content, isCurrent } = useSiteContext();
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
          <Brand name={site.name} />
          <ul className="main-nav__items">
            {MENU.map((item) =>
              item.label === "Apps" ? (
                <li key={item.href} className="apps-menu" data-disclosure-root="">
                  <button
                    type="button"
                    className="main-nav__link apps-menu__button"
                    data-disclosure="menu"
                    aria-expanded="false"
                    aria-controls={APPS_PANEL_ID}
                    aria-current={isCurrent(item.href) ? "true" : undefined}
                  >
                    Apps
                    <ChevronDownIcon size={16} />
                  </button>
                  <div className="apps-menu__panel" id={APPS_PANEL_ID} data-hover="">
                    <ul className="apps-menu__grid">
                      {products.map((product) => (
                        <li key={product.id}>
                          <a
                            className="apps-menu__item"
                            href={`/products/${product.id}`}
                            aria-current={current(`/products/${product.id}`)}
                          >
                            <ProductIcon name={product.icon} className="icon-tile icon-tile--sm" />
                            <strong>{product.name}</strong>
                            <span>{product.shortDescription}</span>
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
          <SearchControl />
          <MarketplaceLink className="main-nav__cta" />
          <button
            type="button"
            className="menu-toggle"
            popoverTarget={MOBILE_NAV_ID}
            aria-expanded="false"
            aria-controls={MOBILE_NAV_ID}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path className="menu-toggle__open" d="M4 7h16M4 12h16M4 17h16" />
                <path className="menu-toggle__close" d="M6 6l12 12M18 6 6 18" />
              </g>
            </svg>
            <span className="visually-hidden">Menu</span>
          </button>
        </div>
        <div className="mobile-nav" id={MOBILE_NAV_ID} popover="auto" data-below=".nav-bar" data-until={DESKTOP_QUERY}>
          <ul className="container mobile-nav__items">
            {MENU.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={current(item.href)}>
                  {item.label}
                </a>
              </li>
            ))}
            <li className="mobile-nav__cta">
              <MarketplaceLink className="button--block" />
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}

function MarketplaceLink({ className }: { className: string }) {
  const { marketplace } = useSiteContext().content.site;
  return (
    <a className={`button button--primary ${className}`} href={marketplace.profileUrl} rel="noopener" target="_blank">
      View on {marketplace.name}
      <ExternalLink aria-hidden="true" />
    </a>
  );
}
