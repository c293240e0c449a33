import { ArrowRight, MousePointerClick } from "../icon.tsx";
import { TIMINGS } from "../../lib/limits.ts";
import type { Product } from "../../schemas/product.ts";
import type { Site } from "../../schemas/site.ts";
import { ProductIcon } from "../icon.tsx";
import { Carousel } from "../shell/carousel.tsx";
import { InlineScript } from "../inline-script.tsx";
import { HERO_WORDS } from "./hero-words.ts";
import { Picture } from "../picture.tsx";

type HeroProduct = Pick<Product, "id" | "name" | "category" | "tagline" | "image" | "icon">;

/** Every word for readers that do not see the animation: "Startup Ideas, Mobile Apps and Web Platforms". */
const allWords = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");

/** The top of home: typed heading, the two buttons, three feature chips, achievements and the product carousel. */
export function HomeHero({ site, products }: { site: Site; products: HeroProduct[] }) {
  const { company } = site;
  const achievements = [
    { value: company.clientCount, label: "Happy Clients" },
    { value: company.productCount, label: "Products" },
    { value: company.yearsExperience, label: "Years Experience" },
    { value: "24/7", label: "Support" },
  ];
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="container home-hero__grid">
        <div className="home-hero__copy">
          <p className="home-hero__kicker">
            <span className="home-hero__pulse" aria-hidden="true" />
            Exclusive {site.marketplace.name} author since {company.foundingYear}
          </p>
          <h1 id="home-title" className="home-hero__title">
            Launch Your <span className="visually-hidden">{allWords(HERO_WORDS)}</span>
            {/* Typed by a placed inline script (src/client/inline/typewriter.ts); the words are in the text before it. */}
            <span className="home-hero__typed typewriter" aria-hidden="true" data-words={JSON.stringify(HERO_WORDS)}>
              <span className="typewriter__text">{HERO_WORDS[0]}</span>
              <span className="typewriter__caret" />
            </span>{" "}
            in Days, Not Months
          </h1>
          <InlineScript name="typewriter" />
          <p className="home-hero__lead">{site.description}</p>
          <div className="button-row">
            <a className="button button--primary button--lg" href="/products">
              Explore Our Apps
              <ArrowRight aria-hidden="true" />
            </a>
            <a className="button button--lg" href="/about">
              About Us
            </a>
          </div>
          {/* Each chip's mark is drawn by home.css, not an SVG in the page. */}
          <ul className="home-hero__chips">
            <li className="chip home-hero__chip--code">100% source code</li>
            <li className="chip home-hero__chip--white-label">White-label ready</li>
            <li className="chip home-hero__chip--support">Installation &amp; support</li>
          </ul>
          <ul className="achievements">
            {/* The figure, then what it counts as the item's own text (home.css sets it under the figure). */}
            {achievements.map((item) => (
              <li key={item.label}>
                <strong>{item.value}</strong>
                {item.label}
              </li>
            ))}
          </ul>
        </div>
        <div className="home-hero__showcase">
          <p className="hero-carousel__badge" aria-hidden="true">
            <MousePointerClick /> Click to explore
          </p>
          <Carousel
            id="hero-carousel"
            label="Featured products"
            slideName="product"
            delayMs={TIMINGS.heroCarouselMs}
            className="hero-carousel"
          >
            {products.map((product, index) => (
              // The slide is the group round the link (a link cannot be a group); the caption's icon, name and
              // tagline sit in the link's own grid (home.css), with no wrappers of their own.
              <div key={product.id}>
                <a className="hero-slide" href={`/products/${product.id}`}>
                  <Picture slot="half" priority={index === 0} src={product.image} alt="" width={800} height={560} />
                  <ProductIcon name={product.icon} className="icon-tile icon-tile--sm icon-tile--brand" />
                  <strong>{product.name}</strong>
                  <span>{product.tagline}</span>
                </a>
              </div>
            ))}
          </Carousel>
        </div>
      </div>
    </section>
  );
}
