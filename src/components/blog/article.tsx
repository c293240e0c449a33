import { ArrowLeft } from "../icon.tsx";
import type { ReactNode } from "react";
import type { BlogPost } from "../../lib/content.ts";
import { Picture } from "../picture.tsx";
import { PostMeta } from "./post-meta.tsx";
import { ShareBar } from "./share-bar.tsx";

export type ArticlePost = Omit<BlogPost, "html" | "keywords" | "featured" | "id" | "slug" | "excerpt">;

/** An article as published; `body` is the rendered markdown, or in /admin's preview the text being edited. */
export function Article({ post, url, body }: { post: ArticlePost; url: string; body: ReactNode }) {
  return (
    <article className="article">
      <header className="article__header">
        <div className="container container--narrow">
          <a className="text-link back-link" href="/blog">
            <ArrowLeft size={16} aria-hidden="true" /> Back to Blog
          </a>
          <p>
            <span className="badge badge--primary">{post.category}</span>
          </p>
          <h1>{post.title}</h1>
          <div className="article__byline">
            <AuthorAvatar initials={post.author.avatar} />
            <div>
              <p className="article__author">{post.author.name}</p>
              <p className="article__bio muted">{post.author.bio}</p>
            </div>
          </div>
          <PostMeta date={post.date} minutes={post.readingMinutes} long />
          <ShareBar url={url} title={post.title} />
        </div>
      </header>
      <div className="container container--narrow">
        <Picture
          slot="column"
          priority
          className="article__image"
          src={post.image}
          alt={post.imageAlt ?? ""}
          width={1200}
          height={630}
        />
        {body}
        <aside className="author-box" aria-labelledby="about-author">
          <AuthorAvatar initials={post.author.avatar} large />
          <div>
            <h2 id="about-author">About the Author</h2>
            <p className="article__author">{post.author.name}</p>
            <p>{post.author.bio}</p>
          </div>
        </aside>
      </div>
    </article>
  );
}

/** The author's initials in a circle; the name is always printed beside it, so the avatar is decorative. */
function AuthorAvatar({ initials, large = false }: { initials: string; large?: boolean }) {
  return (
    <span className={large ? "avatar avatar--large" : "avatar"} aria-hidden="true">
      {initials}
    </span>
  );
}
