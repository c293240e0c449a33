import type { PortfolioCategory, PortfolioProject } from "../../src/schemas/portfolio-project.ts";
import { projectArtworkPath } from "../compile-content.ts";
import { plugin } from "../plugin.ts";
import type { OutputFile } from "../styles.ts";

/** The app's colours: its brand, a deep shade for text, pale tints for cards and the ground. */
interface Palette {
  brand: string;
  deep: string;
  soft: string;
  pale: string;
  ground: [string, string];
}

/** What each kind of app shows on its phone's screen, below the header with its name. */
type Screen = (p: Palette, seed: number) => string;

/**
 * One picture per project without an image of its own, drawn from its data in the flat style of the product artwork:
 * its app's screen on a phone between two floating cards, coloured by the project's colour, with its name on the
 * screen. A category draws its kind of screen; the id's hash varies what the screen and the cards hold, so two
 * astrology apps of one colour still differ.
 */
export function projectArtworkFiles(projects: readonly (PortfolioProject & { image: string })[]): OutputFile[] {
  return projects
    .filter((project) => project.image === projectArtworkPath(project.id))
    .map((project) => ({
      path: projectArtworkPath(project.id).slice(1),
      contents: Buffer.from(projectArtwork(project)),
    }));
}

/** Artwork for each portfolio project that names no image of its own; the pages show it, so it comes first. */
export const projectArtworks = plugin({
  name: "artwork",
  when: "first",
  needs: (site) => site.content.portfolio,
  paths: (projects) =>
    projects.flatMap((project) => (project.image === projectArtworkPath(project.id) ? [project.image] : [])),
  make: async (projects) => {
    const files = projectArtworkFiles(projects);
    return { files, detail: `${files.length} drawn` };
  },
});

/** The SVG of one project's artwork. */
export function projectArtwork({ id, title, category, color }: PortfolioProject): string {
  const seed = hash(id);
  const p = palette(color ?? hueColor(seed));
  const name = escapeXml(shortName(title));
  const label = escapeXml(`Illustration of the ${category.toLowerCase()} app ${title}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500" role="img" aria-label="${label}">
<defs>
<linearGradient id="bg" x2="1" y2="1"><stop offset="0" stop-color="${p.ground[0]}"/><stop offset="1" stop-color="${p.ground[1]}"/></linearGradient>
<clipPath id="scr"><rect x="300" y="40" width="200" height="420" rx="22"/></clipPath>
<filter id="sh" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="8" stdDeviation="10" flood-color="#1e1b4b" flood-opacity=".14"/></filter>
<path id="st" d="M0,-9 L2.2,-3.1 L8.6,-2.8 L3.6,1.2 L5.3,7.3 L0,3.8 L-5.3,7.3 L-3.6,1.2 L-8.6,-2.8 L-2.2,-3.1Z"/>
<path id="sp" d="M0,-10 L1.8,-1.8 L10,0 L1.8,1.8 L0,10 L-1.8,1.8 L-10,0 L-1.8,-1.8Z"/>
</defs>
<rect width="800" height="500" fill="url(#bg)"/>
<circle cx="${90 + (seed % 60)}" cy="420" r="120" fill="#fff" opacity=".35"/>
<circle cx="${680 + (seed % 40)}" cy="70" r="90" fill="#fff" opacity=".3"/>
<circle cx="640" cy="430" r="40" fill="${p.brand}" opacity=".12"/>
<rect x="290" y="30" width="220" height="440" rx="32" fill="#1f2937" filter="url(#sh)"/>
<rect x="300" y="40" width="200" height="420" rx="22" fill="#fff"/>
<g clip-path="url(#scr)">
<rect x="300" y="40" width="200" height="74" fill="${p.brand}"/>
<circle cx="328" cy="88" r="14" fill="#fff"/><text x="328" y="93" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="13" font-weight="700" fill="${p.brand}">${escapeXml(title.charAt(0))}</text>
<text x="350" y="93" font-family="Inter, system-ui, sans-serif" font-size="13" font-weight="700" fill="#fff">${name}</text>
${SCREENS[category](p, seed)}
</g>
<rect x="370" y="47" width="60" height="9" rx="4.5" fill="#1f2937"/>
${ratingCard(p, seed)}
${statCard(p, seed)}
${sparkles(p, seed)}
</svg>
`;
}

const row = (y: number, p: Palette, dot: string, pill: string) =>
  `<rect x="312" y="${y}" width="176" height="46" rx="12" fill="${p.pale}"/><circle cx="336" cy="${y + 23}" r="14" fill="${dot}"/><rect x="358" y="${y + 14}" width="70" height="7" rx="3.5" fill="${p.deep}"/><rect x="358" y="${y + 28}" width="48" height="6" rx="3" fill="#d1d5db"/><rect x="442" y="${y + 14}" width="36" height="18" rx="9" fill="${pill}"/>`;

const rows = (from: number, count: number, p: Palette, seed: number, pill: string) =>
  Array.from({ length: count }, (_, i) => row(from + i * 54, p, DOTS[(seed + i) % DOTS.length] ?? p.soft, pill)).join(
    "",
  );

const button = (y: number, p: Palette) =>
  `<rect x="312" y="${y}" width="176" height="28" rx="14" fill="${p.brand}"/><rect x="370" y="${y + 10}" width="60" height="8" rx="4" fill="${p.pale}"/>`;

const tile = (x: number, y: number, p: Palette, fill: string) =>
  `<rect x="${x}" y="${y}" width="84" height="92" rx="12" fill="${p.pale}"/><rect x="${x + 8}" y="${y + 8}" width="68" height="46" rx="8" fill="${fill}"/><rect x="${x + 8}" y="${y + 62}" width="50" height="7" rx="3.5" fill="${p.deep}"/><rect x="${x + 8}" y="${y + 76}" width="30" height="6" rx="3" fill="${p.brand}"/>`;

const tiles = (y: number, p: Palette, seed: number) =>
  [0, 1, 2, 3]
    .map((i) => tile(312 + (i % 2) * 92, y + Math.floor(i / 2) * 100, p, DOTS[(seed + i) % DOTS.length] ?? p.soft))
    .join("");

const wheel = (p: Palette, seed: number) => {
  const spokes = 8 + (seed % 5) * 2;
  return `<circle cx="400" cy="180" r="52" fill="#fff" stroke="${p.brand}" stroke-width="3"/><circle cx="400" cy="180" r="40" fill="none" stroke="${p.soft}" stroke-width="16" stroke-dasharray="2 ${((2 * Math.PI * 40) / spokes - 2).toFixed(1)}"/><circle cx="400" cy="180" r="26" fill="${p.pale}" stroke="${p.soft}" stroke-width="2"/><use href="#st" x="400" y="180" fill="#f59e0b"/>`;
};

const route = (p: Palette, seed: number) => {
  const bend = 40 + (seed % 60);
  return `<rect x="300" y="114" width="200" height="220" fill="#e8edf3"/><path d="M300 180h200M300 270h200M${330 + (seed % 40)} 114v220M450 114v220" stroke="#fff" stroke-width="12"/><path d="M340 140V${200 + (seed % 40)}q0 ${bend} ${bend} ${bend}h${100 - bend}v40" fill="none" stroke="${p.brand}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="340" cy="140" r="9" fill="#22c55e" stroke="#fff" stroke-width="3"/><circle cx="440" cy="${240 + (seed % 40) + 40}" r="9" fill="#ef4444" stroke="#fff" stroke-width="3"/>`;
};

const timeline = (y: number, p: Palette, seed: number) =>
  [0, 1, 2, 3]
    .map((i) => {
      const done = i <= seed % 4;
      return `<circle cx="330" cy="${y + i * 44}" r="9" fill="${done ? p.brand : "#e5e7eb"}"/>${i < 3 ? `<rect x="328" y="${y + i * 44 + 9}" width="4" height="26" fill="${done ? p.soft : "#e5e7eb"}"/>` : ""}<rect x="350" y="${y + i * 44 - 8}" width="${80 + ((seed >>> i) % 40)}" height="7" rx="3.5" fill="${p.deep}"/><rect x="350" y="${y + i * 44 + 4}" width="50" height="6" rx="3" fill="#d1d5db"/>`;
    })
    .join("");

const post = (y: number, p: Palette, seed: number) =>
  `<rect x="312" y="${y}" width="176" height="130" rx="12" fill="${p.pale}"/><circle cx="332" cy="${y + 20}" r="11" fill="${DOTS[seed % DOTS.length]}"/><rect x="350" y="${y + 13}" width="60" height="7" rx="3.5" fill="${p.deep}"/><rect x="322" y="${y + 40}" width="156" height="60" rx="8" fill="${p.soft}"/><path d="M330 ${y + 116}c-3-4-9-2-7 3l7 6 7-6c2-5-4-7-7-3z" fill="#ef4444"/><rect x="346" y="${y + 112}" width="30" height="6" rx="3" fill="#d1d5db"/>`;

const video = (p: Palette, seed: number) =>
  `<rect x="312" y="126" width="176" height="100" rx="12" fill="${p.deep}"/><path d="M392 160v32l28-16z" fill="#fff"/><rect x="312" y="236" width="176" height="6" rx="3" fill="#e5e7eb"/><rect x="312" y="236" width="${60 + (seed % 100)}" height="6" rx="3" fill="${p.brand}"/>`;

const days = (p: Palette, seed: number) =>
  [0, 1, 2, 3, 4]
    .map((i) => {
      const chosen = i === seed % 5;
      return `<rect x="${312 + i * 36}" y="126" width="30" height="48" rx="10" fill="${chosen ? p.brand : p.pale}"/><rect x="${319 + i * 36}" y="138" width="16" height="6" rx="3" fill="${chosen ? "#fff" : "#d1d5db"}"/><rect x="${321 + i * 36}" y="152" width="12" height="10" rx="3" fill="${chosen ? "#fff" : p.deep}"/>`;
    })
    .join("");

const house = (x: number, y: number, p: Palette) =>
  `<rect x="${x}" y="${y}" width="176" height="96" rx="12" fill="${p.pale}"/><path d="M${x + 20} ${y + 48}l28-24 28 24v32h-56z" fill="${p.soft}"/><rect x="${x + 40}" y="${y + 60}" width="16" height="20" fill="${p.brand}"/><rect x="${x + 92}" y="${y + 26}" width="66" height="7" rx="3.5" fill="${p.deep}"/><rect x="${x + 92}" y="${y + 42}" width="44" height="6" rx="3" fill="#d1d5db"/><rect x="${x + 92}" y="${y + 60}" width="50" height="14" rx="7" fill="${p.brand}"/>`;

const chat = (p: Palette, seed: number) =>
  [0, 1, 2, 3]
    .map((i) => {
      const mine = (seed >>> i) % 2 === 1;
      const width = 90 + ((seed >>> (i * 2)) % 50);
      return `<rect x="${mine ? 488 - width : 312}" y="${130 + i * 52}" width="${width}" height="38" rx="14" fill="${mine ? p.brand : p.pale}"/><rect x="${(mine ? 488 - width : 312) + 12}" y="${146 + i * 52}" width="${width - 40}" height="6" rx="3" fill="${mine ? p.pale : p.deep}"/>`;
    })
    .join("");

const call = (p: Palette, seed: number) =>
  `<rect x="300" y="114" width="200" height="230" fill="${p.deep}"/><circle cx="400" cy="210" r="46" fill="${DOTS[seed % DOTS.length]}"/><circle cx="400" cy="196" r="16" fill="#fff"/><path d="M372 238a28 24 0 0 1 56 0z" fill="#fff"/><rect x="440" y="126" width="48" height="64" rx="10" fill="${p.soft}"/><rect x="360" y="300" width="80" height="10" rx="5" fill="${p.soft}"/>`;

/** Astrology apps are most of the portfolio: a zodiac wheel, a chat with the astrologer or a live video call. */
const ASTROLOGY: Screen[] = [
  (p, seed) => `${wheel(p, seed)}${rows(248, 2 + (seed % 2), p, seed, "#10b981")}${button(412, p)}`,
  (p, seed) => `${chat(p, seed)}${rows(346, 1, p, seed, "#10b981")}${button(412, p)}`,
  (p, seed) => `${call(p, seed)}${rows(354, 1, p, seed, "#ef4444")}${button(412, p)}`,
];

const SCREENS: Record<PortfolioCategory, Screen> = {
  Astrology: (p, seed) => ASTROLOGY[seed % ASTROLOGY.length]?.(p, seed) ?? "",
  "Food Delivery": (p, seed) => `${tiles(126, p, seed)}${rows(332, 1, p, seed, p.brand)}${button(412, p)}`,
  "E-Commerce": (p, seed) => `${tiles(126, p, seed + 1)}${button(332, p)}${rows(372, 1, p, seed, "#10b981")}`,
  Education: (p, seed) => `${video(p, seed)}${rows(256, 2 + (seed % 2), p, seed, p.brand)}`,
  Healthcare: (p, seed) => `${days(p, seed)}${rows(190, 3, p, seed, "#10b981")}${button(412, p)}`,
  Transport: (p, seed) => `${route(p, seed)}${rows(344, 1, p, seed, p.deep)}${button(412, p)}`,
  Social: (p, seed) => `${post(126, p, seed)}${post(266, p, seed + 2)}`,
  Logistics: (p, seed) => `${timeline(150, p, seed)}${rows(330, 1, p, seed, p.brand)}${button(412, p)}`,
  "Real Estate": (p) => `${house(312, 126, p)}${house(312, 232, p)}${button(412, p)}`,
  Recruitment: (p, seed) => `${rows(126, 4, p, seed, p.brand)}${button(412, p)}`,
};

/** A card on the left: a person or business with its stars (four or five, from the seed). */
function ratingCard(p: Palette, seed: number): string {
  const y = 110 + (seed % 50);
  const stars = Array.from(
    { length: 5 },
    (_, i) =>
      `<use href="#st" x="${104 + i * 22}" y="${y + 78}" fill="${i < 4 + (seed % 2) ? "#f59e0b" : "#e5e7eb"}"/>`,
  ).join("");
  return `<rect x="80" y="${y}" width="180" height="104" rx="16" fill="#fff" filter="url(#sh)"/><circle cx="118" cy="${y + 38}" r="20" fill="${p.soft}"/><circle cx="118" cy="${y + 32}" r="7" fill="#fff"/><path d="M104 ${y + 52}a14 12 0 0 1 28 0z" fill="#fff"/><rect x="148" y="${y + 26}" width="84" height="8" rx="4" fill="${p.deep}"/><rect x="148" y="${y + 42}" width="56" height="6" rx="3" fill="#d1d5db"/>${stars}`;
}

/** A card on the right: a small bar chart of the app's growth, its bars from the seed. */
function statCard(p: Palette, seed: number): string {
  const y = 240 + (seed % 40);
  const bars = [0, 1, 2, 3, 4]
    .map((i) => {
      const h = 14 + ((seed >>> (i * 3)) % 7) * 5 + i * 4;
      return `<rect x="${566 + i * 24}" y="${y + 80 - h}" width="14" height="${h}" rx="4" fill="${i === 4 ? p.brand : p.soft}"/>`;
    })
    .join("");
  return `<rect x="545" y="${y}" width="175" height="100" rx="16" fill="#fff" filter="url(#sh)"/><rect x="562" y="${y + 16}" width="70" height="7" rx="3.5" fill="${p.deep}"/><rect x="668" y="${y + 12}" width="36" height="16" rx="8" fill="#dcfce7"/>${bars}`;
}

function sparkles(p: Palette, seed: number): string {
  const spots = [
    [620, 150],
    [190, 300],
    [560, 420],
    [230, 70],
    [700, 200],
  ] as const;
  return spots
    .filter((_, i) => (seed >>> i) % 3 !== 0)
    .map(([x, y], i) => `<use href="#sp" x="${x}" y="${y}" fill="${i % 2 ? p.brand : "#f59e0b"}" opacity=".7"/>`)
    .join("");
}

/** Avatars and pictures in the lists: a few friendly colours beside the brand's own. */
const DOTS = ["#c4b5fd", "#fcd34d", "#f9a8d4", "#93c5fd", "#86efac", "#fdba74"];

/** The title's first words that fit the phone's header, never ending on a joining word ("Divya Puja and"). */
function shortName(title: string): string {
  const words: string[] = [];
  for (const word of title.split(/\s+/)) {
    if (words.length && [...words, word].join(" ").length > 16) break;
    words.push(word);
  }
  while (words.length > 1 && /^(and|&|of|for|the|a)$/i.test(words.at(-1) ?? "")) words.pop();
  return words.join(" ");
}

function palette(brand: string): Palette {
  return {
    brand,
    deep: mix(brand, "#000000", 0.45),
    soft: mix(brand, "#ffffff", 0.55),
    pale: mix(brand, "#ffffff", 0.9),
    ground: [mix(brand, "#ffffff", 0.85), mix(brand, "#fde7f3", 0.8)],
  };
}

/** A colour for a project that names none: a hue of its own, as saturated and dark as the hand-picked ones. */
function hueColor(seed: number): string {
  const h = seed % 360;
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = 0.45 - 0.6 * 0.55 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255);
  };
  return toHex([f(0), f(8), f(4)]);
}

function mix(a: string, b: string, amount: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  return toHex(x.map((v, i) => Math.round(v + ((y[i] ?? v) - v) * amount)));
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const toHex = (values: number[]) => `#${values.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/** FNV-1a: a stable number from the id, so a project's picture is the same in every build. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return h >>> 0;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
