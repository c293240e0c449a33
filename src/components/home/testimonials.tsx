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
            // A div, not a figure: the carousel makes each slide an ARIA group, a role a figure may not take.
            <div key={`${t.name}-${t.role}`} className="testimonial-card">
              <Stars rating={t.rating} />
              <blockquote>{t.content}</blockquote>
              {/* The initials' circle is drawn by CSS from data-avatar; the role is the line's own text (home.css). */}
              <p className="testimonial-card__by" data-avatar={t.avatar}>
                <strong>{t.name}</strong> {t.company ? `${t.role}, ${t.company}` : t.role}
              </p>
            </div>
          ))}
        </Carousel>
      </div>
    </section>
  );
}

/** The rating as one empty element: the stylesheet repeats a star across a width of `rating` stars (home.css). */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="testimonial-card__stars" role="img" aria-label={`Rated ${rating} out of 5`} data-rating={rating} />
  );
}
