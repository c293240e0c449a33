/**
 * The brand mark: a gradient tile with an N, drawn by the stylesheet (shell.css) on one empty element. As an inline
 * SVG it was nine elements with a gradient of its own, twice on every page (header and footer).
 */
export function LogoMark() {
  return <span className="logo-mark" aria-hidden="true" />;
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
