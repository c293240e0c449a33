import { Children, type ReactNode } from "react";
import CarouselControls from "../../islands/carousel.tsx";
import { Island } from "../../lib/island.tsx";

interface CarouselProps {
  /** id of the viewport; unique in the page. */
  id: string;
  /** Accessible name of the carousel region, e.g. "Featured products". */
  label: string;
  /** What one slide is, for the controls' names: "product" → "Go to product 2 of 6", "Next product". */
  slideName: string;
  delayMs: number;
  dots?: boolean;
  arrows?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A carousel whose slides are server HTML (complete without JavaScript: a scroll-snap strip) and whose controls are
 * the carousel island, which puts embla on the viewport when it scrolls into view. Slide widths come from CSS
 * (`--slides-per-view` on the carousel).
 */
export function Carousel({ id, label, slideName, delayMs, dots = true, arrows = false, className, children }: CarouselProps) {
  const slides = Children.toArray(children);
  return (
    <section className={className ? `carousel ${className}` : "carousel"} aria-roledescription="carousel" aria-label={label}>
      {/* Focusable while it is a plain scroll strip (no JavaScript yet), so keyboards can scroll it; the island drops that. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <div className="carousel__viewport" id={id} tabIndex={0}>
        <div className="carousel__container">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is an ARIA group (APG carousel pattern), not a form fieldset.
            <div
              key={index}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <Island
        of={CarouselControls}
        props={{ viewportId: id, label: slideName, count: slides.length, delayMs, dots, arrows }}
        hydrate="visible"
      />
    </section>
  );
}
