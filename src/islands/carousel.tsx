import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useState } from "react";

interface CarouselProps {
  /** id of the server-rendered viewport (src/components/shell/carousel.tsx) this island drives. */
  viewportId: string;
  /** Names the dots: "Go to slide 2 of 6". */
  label: string;
  /** Number of slides, so the server renders as many dots as the browser will. */
  count: number;
  /** Autoplay interval in ms. */
  delayMs: number;
  dots: boolean;
  arrows: boolean;
}

/**
 * The controls of a server-rendered carousel: embla on the viewport, autoplay (paused while the pointer or focus is
 * inside, off with reduced motion), dots and arrows. Until it wakes, or without JavaScript, the slides are a
 * scroll-snap strip that works by swipe and keyboard.
 */
export default function Carousel({ viewportId, label, count, delayMs, dots, arrows }: CarouselProps) {
  const [autoplay] = useState(() => Autoplay({ delay: delayMs, playOnInit: false, stopOnInteraction: false, stopOnFocusIn: false }));
  const [setViewport, embla] = useEmblaCarousel({ loop: true, align: "start" }, [autoplay]);
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState(count);
  const [reduced, setReduced] = useState(false);

  useEffect(() => {
    const viewport = document.getElementById(viewportId);
    if (!viewport) return;
    viewport.scrollLeft = 0;
    viewport.removeAttribute("tabindex");
    viewport.closest(".carousel")?.setAttribute("data-ready", "");
    setViewport(viewport);
  }, [viewportId, setViewport]);

  useEffect(() => {
    if (!embla) return;
    const root = embla.rootNode().closest<HTMLElement>(".carousel") ?? embla.rootNode();
    const motionless = matchMedia("(prefers-reduced-motion: reduce)").matches;
    setReduced(motionless);
    const sync = () => {
      setSnaps(embla.scrollSnapList().length);
      setSelected(embla.selectedScrollSnap());
    };
    sync();
    embla.on("select", sync).on("reInit", sync);
    let hovered = false;
    const focused = () => root.contains(document.activeElement);
    const resume = () => {
      if (!motionless && !hovered && !focused()) autoplay.play();
    };
    const onEnter = () => {
      hovered = true;
      autoplay.stop();
    };
    const onLeave = () => {
      hovered = false;
      resume();
    };
    const onFocusIn = () => autoplay.stop();
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setTimeout(resume);
    };
    root.addEventListener("mouseenter", onEnter);
    root.addEventListener("mouseleave", onLeave);
    root.addEventListener("focusin", onFocusIn);
    root.addEventListener("focusout", onFocusOut);
    resume();
    return () => {
      embla.off("select", sync).off("reInit", sync);
      root.removeEventListener("mouseenter", onEnter);
      root.removeEventListener("mouseleave", onLeave);
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, [embla, autoplay]);

  const go = (index: number) => embla?.scrollTo(index, reduced);

  return (
    <div className="carousel__controls">
      {arrows && (
        <button type="button" className="carousel__arrow" aria-label={`Previous ${label}`} onClick={() => embla?.scrollPrev(reduced)}>
          <Chevron d="m15 18-6-6 6-6" />
        </button>
      )}
      {dots && (
        <div className="carousel__dots">
          {Array.from({ length: snaps }, (_, index) => (
            <button
              key={index}
              type="button"
              className="carousel__dot"
              aria-label={`Go to ${label} ${index + 1} of ${snaps}`}
              aria-current={index === selected ? "true" : undefined}
              onClick={() => go(index)}
            />
          ))}
        </div>
      )}
      {arrows && (
        <button type="button" className="carousel__arrow" aria-label={`Next ${label}`} onClick={() => embla?.scrollNext(reduced)}>
          <Chevron d="m9 18 6-6-6-6" />
        </button>
      )}
    </div>
  );
}

function Chevron({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
