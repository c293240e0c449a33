import { decodeUrl, EXTERNAL, missingAlt } from "../../src/lib/content-rules.ts";
import type { ContentIssue } from "../errors.ts";
import { type ImageFactsMap, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "./facts.ts";

/** An image field of a content file (a cover, a product's or a project's image), where its reference is written. */
export interface ImageField {
  file: string;
  line?: number;
  field: string;
  served: string;
  /** The box the layout shows it in, which crops it to that shape (src/styles/pages: post-card, product-card, project-card). */
  shown?: { what: string; width: number; height: number };
  /** Whether the field carries meaning, so a photo needs `alt` in `altField`; false for decorative artwork. */
  altField?: string;
  alt?: string;
}

/** An image in a markdown body, as remark-references found it (line in the file). */
export interface BodyImage {
  file: string;
  line: number;
  url: string;
  alt?: string;
}

/** Where each image field is shown, at the shape of its box (aspect-ratio in CSS, SVG artwork drawn at these sizes). */
export const SHOWN = {
  cover: { what: "article covers", width: 1200, height: 630 },
  product: { what: "product images", width: 800, height: 560 },
  portfolio: { what: "portfolio images", width: 800, height: 500 },
} as const;

/** How far from its box's shape a photo may be before the card crops a fifth or more of it away. */
const ASPECT_TOLERANCE = 0.2;

/** Images are checked against the disk: a schema only sees the text of the path. */
export const missingImage = (served: string) =>
  `File not found: content${served}; add the image there or correct the path`;

/**
 * The editor's image mistakes, each at the line that references the image: a source too large to publish (errors), a
 * photo without alt text where it carries meaning (errors), an image of a body that is no file of content/images
 * (errors), and a photo far from the shape of its box (warnings: the page still works, the card crops it).
 */
export function imageIssues(
  fields: readonly ImageField[],
  bodies: readonly BodyImage[],
  facts: ImageFactsMap,
  /** Every file of content/images, by served path. */
  images: ReadonlySet<string>,
): { errors: ContentIssue[]; warnings: ContentIssue[] } {
  const errors: ContentIssue[] = [];
  const warnings: ContentIssue[] = [];
  const tooLarge = (served: string) => {
    const image = facts.get(served);
    if (!image) return undefined; // SVG artwork, or a missing file (reported as "File not found")
    if (image.bytes > MAX_IMAGE_BYTES)
      return `${image.file} is ${megabytes(image.bytes)} MB, over the ${megabytes(MAX_IMAGE_BYTES)} MB limit: export it again at most 4000 px on its longest side (JPEG quality about 80), usually under 3 MB`;
    if (image.width === undefined || image.height === undefined)
      return `${image.file} cannot be read as an image: open it and save it again as JPEG, PNG, WebP or AVIF`;
    if (Math.max(image.width, image.height) > MAX_IMAGE_SIDE)
      return `${image.file} is ${image.width}×${image.height} px, over the ${MAX_IMAGE_SIDE} px limit on a side: resize it to at most 4000 px on its longest side; the build makes the smaller sizes`;
    return undefined;
  };

  for (const field of fields) {
    const at = { file: field.file, line: field.line, field: field.field };
    const large = tooLarge(field.served);
    if (large) errors.push({ ...at, message: large });
    const noAlt = field.altField && missingAlt(field.served, field.altField, field.alt);
    if (noAlt) errors.push({ ...at, message: noAlt });
    const image = facts.get(field.served);
    if (field.shown && image?.width && image.height && !large) {
      const { what, width, height } = field.shown;
      const off = image.width / image.height / (width / height);
      if (Math.abs(off - 1) > ASPECT_TOLERANCE)
        warnings.push({
          ...at,
          message: `${image.file} is ${image.width}×${image.height} (${ratio(image.width, image.height)}), and ${what} are shown at ${ratio(width, height)} (${width}×${height}): cards crop it; crop the image to ${ratio(width, height)} to choose what stays`,
        });
    }
  }
  for (const image of bodies) {
    const at = { file: image.file, line: image.line, field: "image" };
    if (!image.alt?.trim())
      errors.push({
        ...at,
        message: `![](${image.url}) has no alt text: describe what it shows between the brackets, e.g. ![Checkout screen with two items](${image.url})`,
      });
    // Other sites' images (a scheme, or //host) are theirs to keep; a relative path would resolve under the page's URL.
    if (EXTERNAL.test(image.url)) continue;
    const served = decodeUrl(image.url.split(/[?#]/)[0] ?? "");
    const wrong = !served.startsWith("/images/")
      ? `Expected an image under /images/ (a file in content/images), found ${image.url}`
      : images.has(served)
        ? tooLarge(served)
        : missingImage(served);
    if (wrong) errors.push({ ...at, message: wrong });
  }
  errors.push(...sameNameIssues(facts));
  return { errors, warnings };
}

/**
 * Two sources whose names differ only by extension (launch.jpg and launch.png) would write the same sized files
 * (launch.800w.avif…), one over the other, and a page would show the wrong picture: an error naming both.
 */
function sameNameIssues(facts: ImageFactsMap): ContentIssue[] {
  const byStem = new Map<string, string[]>();
  for (const served of [...facts.keys()].sort()) {
    const stem = served.replace(/\.[^./]+$/, "").toLowerCase();
    byStem.set(stem, [...(byStem.get(stem) ?? []), served]);
  }
  return [...byStem.values()]
    .filter((files) => files.length > 1)
    .map(([first = "", ...others]) => ({
      file: `content${first}`,
      field: "image",
      message: `content${first} and ${others.map((other) => `content${other}`).join(" and ")} differ only in their extension, so their sized copies (${first.replace(/^.*\//, "").replace(/\.[^.]+$/, "")}.800w.avif…) would be one file: rename one of them and its references`,
    }));
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "");

/** 4032×3024 → "4:3"; a shape with no small whole ratio → "1.60:1". */
function ratio(width: number, height: number): string {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const d = gcd(width, height);
  return width / d <= 50 && height / d <= 50 ? `${width / d}:${height / d}` : `${(width / height).toFixed(2)}:1`;
}
