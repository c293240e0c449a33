import { ArrowRight, MessageSquare } from "../icon.tsx";
import type { Site } from "../../schemas/site.ts";

/** The last word on home: browse the products or talk to us. */
export function ClosingCta({ site }: { site: Site }) {
  return (
    <section className="closing-cta" aria-labelledby="cta-title">
      <div className="container closing-cta__inner">
        <p className="eyebrow closing-cta__eyebrow">Start today</p>
        <h2 id="cta-title">Ready to Launch Your Own SaaS Business?</h2>
        <p>
          Pick a ready-made app, make it yours and go live with the team that has helped {site.company.clientCount}{" "}
          clients do the same.
        </p>
        <div className="button-row closing-cta__actions">
          <a className="button button--light button--lg" href="/products">
            Browse Products <ArrowRight aria-hidden="true" />
          </a>
          <a className="button button--outline-light button--lg" href="/contact">
            <MessageSquare aria-hidden="true" /> Contact Us
          </a>
        </div>
      </div>
    </section>
  );
}
