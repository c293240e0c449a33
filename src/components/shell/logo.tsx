import { SITE_ICONS } from "../../lib/site-icons.ts";

/** The brand mark: the site's SVG icon itself (public/favicon.svg), which every page's head links already. */
function LogoMark() {
  // Preloaded once in the head (src/layouts/document.tsx). React's server renderer would otherwise add a preload of
  // its own before each part of the body that shows it, which a page swap then asks for again; it adds none for a
  // low-priority image.
  return <img className="logo-mark" src={SITE_ICONS.svg} alt="" width={36} height={36} fetchPriority="low" />;
}

/** Mark and name, linking home. */
export function Brand({ name }: { name: string }) {
  return (
    <a className="brand" href="/">
      <LogoMark />
      <span className="brand__name">{name}</span>
    </a>
  );
}
