// The build and the tests import every content schema from here; browser code imports single files to stay small.
export * from "./about.ts";
export * from "./blog-post.ts";
export * from "./common.ts";
export * from "./contact-message.ts";
export * from "./cookie-consent.ts";
export * from "./faq-category.ts";
export * from "./installation-package.ts";
export * from "./installation-request.ts";
export * from "./policy-page.ts";
export * from "./portfolio-project.ts";
export * from "./product.ts";
export * from "./product-inquiry.ts";
export * from "./site.ts";
export * from "./testimonial.ts";
