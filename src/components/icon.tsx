import * as lucide from "lucide-react";
import type { ComponentType, ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Product } from "../schemas/product.ts";

type Deliverable = NonNullable<Product["whatYouGet"]>[number];

/**
 * The site's icons, drawn once in a sprite (/assets/icons-<hash>.svg, cached like the other hashed assets) and placed
 * with `<svg><use href="…#name"/></svg>`, not a copy of the paths each time. Server components only: islands import
 * lucide-react themselves.
 */
interface Drawing {
  id: string;
  /** The root <svg>'s attributes (viewBox and the presentation attributes its paths inherit), as markup. */
  attributes: string;
  body: string;
}

const drawings = new Map<string, Drawing>();

export interface IconProps {
  className?: string;
  /** Width and height in CSS pixels; 24 by default, as lucide draws. */
  size?: number;
}
export type Icon = (props: IconProps) => ReactElement;

/** Registers a drawing (one <svg>, or a component that renders one) under `id` and returns the component that places it. */
function spriteIcon(id: string, Drawn: ComponentType | string): Icon {
  const markup = typeof Drawn === "string" ? Drawn : renderToStaticMarkup(<Drawn />);
  const root = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(markup);
  if (!root) throw new Error(`icon ${id}: expected one <svg>, got ${markup.slice(0, 40)}`);
  const attributes = [...(root[1] ?? "").matchAll(/\s([a-z-]+)="([^"]*)"/gi)]
    .filter(([, name]) => !/^(class|width|height|xmlns|aria-hidden|focusable)$/i.test(name ?? ""))
    .map(([attribute]) => attribute)
    .join("");
  drawings.set(id, { id, attributes, body: root[2] ?? "" });
  return function SpriteIcon({ className, size = 24 }: IconProps) {
    return (
      <svg
        className={className ? `icon icon-${id} ${className}` : `icon icon-${id}`}
        width={size}
        height={size}
        aria-hidden="true"
        focusable="false"
      >
        <use href={`${iconSprite().path}#${id}`} />
      </svg>
    );
  };
}

let sprite: { path: string; text: string } | undefined;
/** The sprite file: every registered drawing as a <symbol>; its name carries a hash of its bytes. */
export function iconSprite(): { path: string; text: string } {
  if (sprite) return sprite;
  const symbols = [...drawings.values()]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((d) => `<symbol id="${d.id}"${d.attributes}>${d.body}</symbol>`);
  const text = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
  sprite = { path: `/assets/icons-${fnv1a(text)}.svg`, text };
  return sprite;
}

/** A 32-bit FNV-1a hash in hex: enough to name a new sprite on any change, and it runs in the browser too (/admin's previews draw these icons). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export const ArrowLeft = spriteIcon("arrow-left", lucide.ArrowLeft);
export const ArrowRight = spriteIcon("arrow-right", lucide.ArrowRight);
export const Award = spriteIcon("award", lucide.Award);
export const BadgeCheck = spriteIcon("badge-check", lucide.BadgeCheck);
export const Calendar = spriteIcon("calendar", lucide.Calendar);
export const ChevronDown = spriteIcon("chevron-down", lucide.ChevronDown);
export const ChevronLeft = spriteIcon("chevron-left", lucide.ChevronLeft);
export const ChevronRight = spriteIcon("chevron-right", lucide.ChevronRight);
export const Clock = spriteIcon("clock", lucide.Clock);
export const Code = spriteIcon("code", lucide.Code);
export const Download = spriteIcon("download", lucide.Download);
export const ExternalLink = spriteIcon("external-link", lucide.ExternalLink);
export const FileText = spriteIcon("file-text", lucide.FileText);
export const Handshake = spriteIcon("handshake", lucide.Handshake);
export const Headphones = spriteIcon("headphones", lucide.Headphones);
export const Headset = spriteIcon("headset", lucide.Headset);
export const Info = spriteIcon("info", lucide.Info);
export const LifeBuoy = spriteIcon("life-buoy", lucide.LifeBuoy);
export const Mail = spriteIcon("mail", lucide.Mail);
export const MessageCircle = spriteIcon("message-circle", lucide.MessageCircle);
export const MessageSquare = spriteIcon("message-square", lucide.MessageSquare);
export const MousePointerClick = spriteIcon("mouse-pointer-click", lucide.MousePointerClick);
export const Package = spriteIcon("package", lucide.Package);
export const Palette = spriteIcon("palette", lucide.Palette);
export const Phone = spriteIcon("phone", lucide.Phone);
export const PhoneCall = spriteIcon("phone-call", lucide.PhoneCall);
export const RefreshCw = spriteIcon("refresh-cw", lucide.RefreshCw);
export const Rocket = spriteIcon("rocket", lucide.Rocket);
export const Rss = spriteIcon("rss", lucide.Rss);
export const Search = spriteIcon("search", lucide.Search);
export const ShieldCheck = spriteIcon("shield-check", lucide.ShieldCheck);
export const TrendingUp = spriteIcon("trending-up", lucide.TrendingUp);
export const Users = spriteIcon("users", lucide.Users);
export const Wrench = spriteIcon("wrench", lucide.Wrench);
export const X = spriteIcon("x", lucide.X);

/** The product `icon` enum of src/schemas/product.ts. */
const PRODUCT_ICONS: Record<Product["icon"], Icon> = {
  sparkles: spriteIcon("sparkles", lucide.Sparkles),
  "sim-card": spriteIcon("card-sim", lucide.CardSim),
  "message-circle": MessageCircle,
  scale: spriteIcon("scale", lucide.Scale),
  bot: spriteIcon("bot", lucide.Bot),
  headphones: Headphones,
  "shopping-bag": spriteIcon("shopping-bag", lucide.ShoppingBag),
  server: spriteIcon("server", lucide.Server),
  "phone-call": PhoneCall,
  brain: spriteIcon("brain", lucide.Brain),
};

/** The What You Get `icon` enum of src/schemas/product.ts. */
const DELIVERABLE_ICONS: Record<Deliverable["icon"], Icon> = {
  package: Package,
  smartphone: spriteIcon("smartphone", lucide.Smartphone),
  globe: spriteIcon("globe", lucide.Globe),
  dashboard: spriteIcon("layout-dashboard", lucide.LayoutDashboard),
  support: Headset,
  documentation: FileText,
  setup: Wrench,
  integrations: spriteIcon("plug", lucide.Plug),
  bot: PRODUCT_ICONS.bot,
  analytics: spriteIcon("chart-column", lucide.ChartColumn),
  team: Users,
  code: Code,
};

/** A What You Get card's icon; decorative (aria-hidden) because the card's title is always next to it. */
export function DeliverableIcon({ name, ...props }: { name: Deliverable["icon"] } & IconProps) {
  return DELIVERABLE_ICONS[name](props);
}

/** A product's icon; decorative (aria-hidden) because the product name is always next to it. */
export function ProductIcon({ name, ...props }: { name: Product["icon"] } & IconProps) {
  return PRODUCT_ICONS[name](props);
}

/* Lucide has no brand marks; these are our own simple drawings on a 24 px grid, as markup. */
export const FacebookIcon = spriteIcon(
  "facebook",
  `<svg viewBox="0 0 24 24" fill="currentColor"><path d="M13.6 21v-7.4h2.6l.4-3.1h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.3a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.2H7.8v3.1h2.6V21z"></path></svg>`,
);
export const LinkedinIcon = spriteIcon(
  "linkedin",
  `<svg viewBox="0 0 24 24" fill="currentColor"><rect x="3.5" y="9" width="3.6" height="11.5" rx="0.6"></rect><circle cx="5.3" cy="5.2" r="2.1"></circle><path d="M9.8 9h3.4v1.6c.6-1 1.9-1.9 3.8-1.9 3 0 4.3 1.9 4.3 5.2v6.6h-3.6v-5.9c0-1.6-.5-2.7-2-2.7s-2.3 1.1-2.3 2.7v5.9H9.8z"></path></svg>`,
);
export const YoutubeIcon = spriteIcon(
  "youtube",
  `<svg viewBox="0 0 24 24" fill="currentColor"><path fill-rule="evenodd" d="M21.5 7.3a2.6 2.6 0 0 0-1.8-1.9C18.1 5 12 5 12 5s-6.1 0-7.7.4a2.6 2.6 0 0 0-1.8 1.9A27 27 0 0 0 2.1 12c0 1.6.1 3.2.4 4.7a2.6 2.6 0 0 0 1.8 1.9C5.9 19 12 19 12 19s6.1 0 7.7-.4a2.6 2.6 0 0 0 1.8-1.9c.3-1.5.4-3.1.4-4.7s-.1-3.2-.4-4.7zM10 15.1V8.9l5.3 3.1z"></path></svg>`,
);
/** A chat bubble with a handset: how the site marks WhatsApp links. */
export const WhatsappIcon = spriteIcon(
  "whatsapp",
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z"></path><path d="M9 8.6c0 3.3 3.1 6.4 6.4 6.4l1-1.6-2-1-1 .9a5 5 0 0 1-2.6-2.6l.9-1-1-2z" fill="currentColor" stroke-width="1"></path></svg>`,
);
/** The down chevron of a disclosure button (the Apps menu, Buy on…, Show More), thinner than lucide's. */
export const ChevronDownIcon = spriteIcon(
  "disclosure-chevron",
  `<svg viewBox="0 0 24 24"><path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg>`,
);
