import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

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
  /** The slides: each element becomes a slide itself (no wrapper round it), so it must not be a link or a button. */
  children: ReactNode;
}

type SlideProps = { className?: string };

/**
 * A carousel that is server HTML and CSS, a scroll-snap strip from the first paint (`--slides-per-view` sets the
 * widths); src/client/carousel.ts, in the page's module, adds dots, arrows and autoplay.
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
  const slides = Children.toArray(children).filter((child): child is ReactElement<SlideProps> => isValidElement(child));
  return (
    <section
      className={className ? `carousel ${className}` : "carousel"}
      aria-roledescription="carousel"
      aria-label={label}
      data-delay={delayMs}
      data-slide-name={slideName}
      data-dots={dots ? "" : undefined}
      data-arrows={arrows ? "" : undefined}
    >
      {/* Focusable so keyboards can scroll the strip (WCAG 2.1.1); focus inside pauses autoplay. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <div className="carousel__viewport" id={id} tabIndex={0}>
        {/* Each slide is an ARIA group (APG carousel pattern) on the element itself: a wrapper per slide would add 34 of home's elements. */}
        {slides.map((slide, index) =>
          cloneElement(slide, {
            className: slide.props.className ? `carousel__slide ${slide.props.className}` : "carousel__slide",
            role: "group",
            "aria-roledescription": "slide",
            "aria-label": `${index + 1} of ${slides.length}`,
          } as SlideProps),
        )}
      </div>
      {/* Dots and arrows are made by the carousel script (src/client/carousel.ts); this row keeps their room. */}
      <div className="carousel__controls" />
    </section>
  );
}
