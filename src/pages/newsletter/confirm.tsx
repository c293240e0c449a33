import { newsletterLinkRoute } from "../../components/blog/newsletter-link-page.tsx";

export default newsletterLinkRoute("confirm");
