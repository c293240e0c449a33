import { definePage } from "../lib/page.ts";

/** Served with status 404 for every unknown URL; an inline script logs the attempted path. */
export default definePage({
  data: () => ({}),
  head: () => ({ title: "Page Not Found", description: "The page you are looking for does not exist.", noindex: true }),
  Page: () => (
    <section className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Oops! Page not found</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <p>
        <a className="button button--primary" href="/">
          Return to Home
        </a>
      </p>
    </section>
  ),
});
