import { useSiteContext } from "./site-context.tsx";

export const NAV_ITEMS = [
  { label: "Home", href: "/" },
  { label: "About", href: "/about" },
  { label: "Portfolio", href: "/portfolio" },
  { label: "Blog", href: "/blog" },
  { label: "Installation", href: "/installation" },
  { label: "FAQ", href: "/faq" },
  { label: "Contact", href: "/contact" },
] as const;

/** True when `href` is the current section: exact for home, prefix for the others (/blog covers articles). */
export function isCurrent(href: string, path: string): boolean {
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}

/** Top bar and main navigation. Works without JavaScript: the Apps menu opens on hover and keyboard focus. */
export function SiteHeader() {
  const { content, path } = useSiteContext();
  const { site, products } = content;
  const appsCurrent = isCurrent("/products", path);
  return (
    <header className="site-header">
      <div className="top-bar">
        <div className="container top-bar__inner">
          <ul className="top-bar__social" aria-label="Social media">
            <li><a href={site.social.facebook} rel="noopener" target="_blank">Facebook</a></li>
            <li><a href={site.social.linkedin} rel="noopener" target="_blank">LinkedIn</a></li>
            <li><a href={site.social.youtube} rel="noopener" target="_blank">YouTube</a></li>
          </ul>
          <a className="top-bar__support" href={site.contact.supportUrl} rel="noopener" target="_blank">
            Get Support
          </a>
        </div>
      </div>
      <nav className="container main-nav" aria-label="Main">
        <a className="brand" href="/">
          {site.name}
        </a>
        <ul className="main-nav__items">
          {NAV_ITEMS.slice(0, 1).map((item) => (
            <li key={item.href}>
              <a href={item.href} aria-current={isCurrent(item.href, path) ? "page" : undefined}>
                {item.label}
              </a>
            </li>
          ))}
          <li className="apps-menu">
            <a href="/products" aria-current={appsCurrent ? "page" : undefined} aria-haspopup="true">
              Apps
            </a>
            <ul className="apps-menu__panel">
              {products.map((product) => (
                <li key={product.id}>
                  <a href={`/products/${product.id}`}>
                    <strong>{product.name}</strong>
                    <span>{product.shortDescription}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
          {NAV_ITEMS.slice(1).map((item) => (
            <li key={item.href}>
              <a href={item.href} aria-current={isCurrent(item.href, path) ? "page" : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <a className="button button--primary" href={site.marketplace.profileUrl} rel="noopener" target="_blank">
          View on {site.marketplace.name}
        </a>
      </nav>
    </header>
  );
}
