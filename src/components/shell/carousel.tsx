import { Children, type ReactNode } from "react";

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
 * A carousel that is server HTML and CSS: the slides are a scroll-snap strip, laid out and clipped by the stylesheet
 * from the first paint (`--slides-per-view` on the carousel sets the widths), and one inline script for all of a
 * page's carousels (src/client/inline/carousel.ts, which the page places after its last carousel with
 * `<InlineScript name="carousel" />`) drives dots, arrows and autoplay without a framework.
 */
export function Carousel({
  id,
  label,
  slideName,
  delayMs,
  dots = true,
  arrows = false,
  className,
  children,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const arrow = (step: 1 | -1) => (
    <button
      type="button"
      className="carousel__arrow"
      data-step={step}
      aria-label={`${step > 0 ? "Next" : "Previous"} ${slideName}`}
    >
      <Chevron d={step > 0 ? "m9 18 6-6-6-6" : "m15 18-6-6 6-6"} />
    </button>
  );
  return (
    <section
      className={className ? `carousel ${className}` : "carousel"}
      aria-roledescription="carousel"
      aria-label={label}
      data-delay={delayMs}
      data-slide-name={slideName}
    >
      {/* Focusable so keyboards can scroll the strip (WCAG 2.1.1); focus inside pauses autoplay. */}
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
      <div className="carousel__controls">
        {arrows && arrow(-1)}
        {dots && (
          <div className="carousel__dots">
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                className="carousel__dot"
                aria-label={`Go to ${slideName} ${index + 1} of ${slides.length}`}
                aria-current={index === 0 ? "true" : undefined}
              />
            ))}
          </div>
        )}
        {arrows && arrow(1)}
      </div>
    </section>
  );
}

function Chevron({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
