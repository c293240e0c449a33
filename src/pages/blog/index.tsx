import { BlogList, blogListData, blogListHead } from "../../components/blog/blog-list.tsx";
import { definePage } from "../../lib/page.ts";

export default definePage({
  data: ({ content }) => blogListData(content, 1),
  head: (data) => blogListHead(data),
  Page: (data) => <BlogList {...data} />,
});
