import { BlogList, blogListData, blogListHead } from "../../../components/blog/blog-list.tsx";
import { blogPageCount } from "../../../lib/blog.ts";
import { definePage } from "../../../lib/page.ts";

/** Pages 2 … of the blog list (page 1 is /blog); none while the blog fits on one page. */
export default definePage<{ page: string }, ReturnType<typeof blogListData>>({
  paths: (content) =>
    Array.from({ length: blogPageCount(content.posts.length) - 1 }, (_, i) => ({ page: String(i + 2) })),
  data: ({ content, params }) => blogListData(content, Number(params.page)),
  head: (data) => blogListHead(data),
  Page: (data) => <BlogList {...data} />,
});
