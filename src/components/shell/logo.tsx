/** The brand mark: a gradient tile with an N, coloured by tokens (shell.css). `id` keeps the gradient id unique when the mark appears twice. */
export function LogoMark({ id, size = 36 }: { id: string; size?: number }) {
  const gradient = `logo-gradient-${id}`;
  return (
    <svg className="logo-mark" viewBox="0 0 36 36" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="36" y2="36" gradientUnits="userSpaceOnUse">
          <stop offset="0" className="logo-mark__start" />
          <stop offset="0.6" className="logo-mark__middle" />
          <stop offset="1" className="logo-mark__end" />
        </linearGradient>
      </defs>
      <rect width="36" height="36" rx="10" fill={`url(#${gradient})`} />
      <path d="M10.5 26V10h3.6l7.8 10.3V10h3.6v16h-3.6l-7.8-10.3V26z" className="logo-mark__letter" />
      <circle cx="27.5" cy="8.5" r="2.5" className="logo-mark__letter" opacity="0.85" />
    </svg>
  );
}

/** Mark and name, linking home. */
export function Brand({ name, id }: { name: string; id: string }) {
  return (
    <a className="brand" href="/">
      <LogoMark id={id} />
      <span className="brand__name">{name}</span>
    </a>
  );
}
