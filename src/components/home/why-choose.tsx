import { Award, Code, Headset, Palette, Rocket, Wrench } from "../icon.tsx";
import type { Site } from "../../schemas/site.ts";

/** Six reasons to buy, each with an icon. Figures come from site.yaml. */
export function WhyChoose({ site }: { site: Site }) {
  const { company, rating, marketplace } = site;
  const reasons = [
    {
      icon: Rocket,
      title: "Launch-ready products",
      text: "Customer apps, website and admin panel are complete and proven in production, so you launch in days, not months.",
    },
    {
      icon: Code,
      title: "100% source code",
      text: "You own the code. Extend it, host it wherever you like and keep every customer relationship yourself.",
    },
    {
      icon: Palette,
      title: "White-label branding",
      text: "Your name, logo and colours everywhere, from the app icon and splash screen to the e-mails your customers receive.",
    },
    {
      icon: Wrench,
      title: "Installation by experts",
      text: "Our team sets up the server, configures payments and mail and publishes your apps, so you can focus on selling.",
    },
    {
      icon: Headset,
      title: "Support that answers",
      text: "Support comes with every purchase: bug fixes, setup help and guidance from the people who built the product.",
    },
    {
      icon: Award,
      title: `Trusted since ${company.foundingYear}`,
      text: `Exclusive ${marketplace.name} author rated ${rating.value} of ${rating.best} by ${rating.count.toLocaleString("en-US")} reviews from ${company.clientCount} clients.`,
    },
  ];
  return (
    <section className="section section--surface why-choose" aria-labelledby="why-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">Why choose us</p>
          <h2 id="why-title">Why Choose {site.name}?</h2>
          <p className="lead">Everything you need to start a software business, without building the software first.</p>
        </header>
        <ul className="why-choose__grid">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card card--hover why-card">
              <Icon className="icon-tile icon-tile--brand" />
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
