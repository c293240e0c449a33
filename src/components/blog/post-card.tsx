import { ArrowRight } from "../icon.tsx";
import type { BlogPost } from "../../lib/content.ts";
import { DraftBadge } from "../draft-banner.tsx";
import { PostMeta } from "./post-meta.tsx";
import { Picture } from "../picture.tsx";

type CardPost = Pick<BlogPost, "slug" | "title" | "excerpt" | "category" | "date" | "image" | "readingMinutes"> &
  Partial<Pick<BlogPost, "unpublished">>;

/** An article card of the blog list and the related articles, marked for the blog filter. */
export function PostCard({
  post,
  headingLevel = 2,
  dateText,
}: {
  post: CardPost;
  headingLevel?: 2 | 3;
  dateText?: string;
}) {
  const href = `/blog/${post.slug}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="card post-card" data-category={post.category}>
      <Picture slot="card" className="post-card__image" src={post.image} alt="" width={1200} height={630} />
      <p>
        <DraftBadge reason={post.unpublished} />
        <span className="badge badge--primary">{post.category}</span>
      </p>
      <Heading className="post-card__title" data-search-field="title">
        <a href={href}>{post.title}</a>
      </Heading>
      <p className="post-card__excerpt" data-search-field="excerpt">
        {post.excerpt}
      </p>
      <PostMeta date={post.date} minutes={post.readingMinutes} text={dateText} />
      <a className="text-link post-card__more" href={href}>
        Read More<span className="visually-hidden">: {post.title}</span> <ArrowRight size={16} aria-hidden="true" />
      </a>
    </li>
  );
}

/**
 * The card the blog filter fills in for an article of another page (src/client/filters.ts): each `{{field}}` is a
 * field of BLOG_INDEX_PATH's entries, and the script writes the short date of the <time>.
 */
export function PostCardTemplate() {
  const fields = ["slug", "title", "excerpt", "category", "date", "image", "readingMinutes"] as const;
  // Tokens stand in for the category and the minutes too, which the card only prints.
  const post = Object.fromEntries(fields.map((field) => [field, `{{${field}}}`])) as unknown as CardPost;
  return <PostCard post={post} dateText="" />;
}
