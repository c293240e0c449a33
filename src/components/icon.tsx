import {
  Bot,
  Brain,
  CardSim,
  Headphones,
  type LucideIcon,
  type LucideProps,
  MessageCircle,
  PhoneCall,
  Scale,
  Server,
  ShoppingBag,
  Sparkles,
} from "lucide-react";
import type { Product } from "../schemas/product.ts";

/** The product `icon` enum of src/schemas/product.ts, drawn with lucide. Server components only. */
const PRODUCT_ICONS: Record<Product["icon"], LucideIcon> = {
  sparkles: Sparkles,
  "sim-card": CardSim,
  "message-circle": MessageCircle,
  scale: Scale,
  bot: Bot,
  headphones: Headphones,
  "shopping-bag": ShoppingBag,
  server: Server,
  "phone-call": PhoneCall,
  brain: Brain,
};

/** A product's icon; decorative (aria-hidden) because the product name is always next to it. */
export function ProductIcon({ name, ...props }: { name: Product["icon"] } & LucideProps) {
  const Icon = PRODUCT_ICONS[name];
  return <Icon aria-hidden="true" focusable="false" {...props} />;
}

type BrandIconProps = { className?: string };

/* Lucide has no brand marks; these three are our own simple drawings on a 24 px grid. */

export function FacebookIcon({ className }: BrandIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M13.6 21v-7.4h2.6l.4-3.1h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.3a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.2H7.8v3.1h2.6V21z" />
    </svg>
  );
}

export function LinkedinIcon({ className }: BrandIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3.5" y="9" width="3.6" height="11.5" rx="0.6" />
      <circle cx="5.3" cy="5.2" r="2.1" />
      <path d="M9.8 9h3.4v1.6c.6-1 1.9-1.9 3.8-1.9 3 0 4.3 1.9 4.3 5.2v6.6h-3.6v-5.9c0-1.6-.5-2.7-2-2.7s-2.3 1.1-2.3 2.7v5.9H9.8z" />
    </svg>
  );
}

export function YoutubeIcon({ className }: BrandIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fillRule="evenodd"
        d="M21.5 7.3a2.6 2.6 0 0 0-1.8-1.9C18.1 5 12 5 12 5s-6.1 0-7.7.4a2.6 2.6 0 0 0-1.8 1.9A27 27 0 0 0 2.1 12c0 1.6.1 3.2.4 4.7a2.6 2.6 0 0 0 1.8 1.9C5.9 19 12 19 12 19s6.1 0 7.7-.4a2.6 2.6 0 0 0 1.8-1.9c.3-1.5.4-3.1.4-4.7s-.1-3.2-.4-4.7zM10 15.1V8.9l5.3 3.1z"
      />
    </svg>
  );
}

/** A chat bubble with a handset: how the site marks WhatsApp links. */
export function WhatsappIcon({ className }: BrandIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z" />
      <path
        d="M9 8.6c0 3.3 3.1 6.4 6.4 6.4l1-1.6-2-1-1 .9a5 5 0 0 1-2.6-2.6l.9-1-1-2z"
        fill="currentColor"
        strokeWidth="1"
      />
    </svg>
  );
}

/** The down chevron of a disclosure button (the Apps menu, Buy on…, Show More); decorative. */
export function ChevronDownIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="m6 9 6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
