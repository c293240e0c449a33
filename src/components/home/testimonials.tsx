import { TIMINGS } from "../../lib/limits.ts";
import type { Site } from "../../schemas/site.ts";
import type { Testimonial } from "../../schemas/testimonial.ts";
import { Carousel } from "../shell/carousel.tsx";

/** What clients say: every testimonial in an auto-advancing, looping carousel (1, 2 or 3 per view by width). */
export function Testimonials({ testimonials, site }: { testimonials: Testimonial[]; site: Site }) {
  const { rating } = site;
  return (
    <section className="section section--tint testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">Testimonials</p>
          <h2 id="testimonials-title">What Our Clients Say</h2>
          <p className="lead">
            Rated {rating.value} of {rating.best} from {rating.count.toLocaleString("en-US")} reviews by founders and
            teams who launched with us.
          </p>
        </header>
        <Carousel
          id="testimonial-carousel"
          label="Client testimonials"
          slideName="testimonial"
          delayMs={TIMINGS.testimonialCarouselMs}
          dots={false}
          arrows
          className="testimonial-carousel"
        >
          {testimonials.map((t) => (
            <figure key={`${t.name}-${t.role}`} className="testimonial-card">
              <Stars rating={t.rating} />
              <blockquote>{t.content}</blockquote>
              {/* The initials' circle is drawn by CSS from data-avatar (home.css): decoration, one element fewer a card. */}
              <figcaption data-avatar={t.avatar}>
                <strong>{t.name}</strong>
                <span>{t.company ? `${t.role}, ${t.company}` : t.role}</span>
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </section>
  );
}

/**
 * A five-point star on a 24 px grid, drawn with relative lines only: `z` closes it back at its top point, so the same
 * lines after a relative move draw the next star 24 units to the right (one absolute point in here would draw every
 * later star's line back into the first).
 */
const STAR_LINES = "l2.9 6 6.6.8-4.9 4.5 1.3 6.5-5.9-3.3-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z";
const STAR = `M12 2.5${STAR_LINES}`;

/** The same star again, 24 units to the right of the one before. */
const NEXT_STAR = `m24 0${STAR_LINES}`;

/**
 * The rating as filled stars in one small SVG with one path (18 testimonials × 5 separate icons would weigh 60 KB
 * of HTML, and a path per star 72 more elements for the browser to parse and style).
 */
export function Stars({ rating }: { rating: number }) {
  return (
    <svg
      className="testimonial-card__stars"
      viewBox={`0 0 ${rating * 24} 24`}
      width={rating * 20}
      height="20"
      role="img"
      aria-label={`Rated ${rating} out of 5`}
    >
      <path d={STAR + NEXT_STAR.repeat(Math.max(0, rating - 1))} />
    </svg>
  );
}
