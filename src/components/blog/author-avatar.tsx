/** The author's initials in a circle; the name is always printed beside it, so the avatar is decorative. */
export function AuthorAvatar({ initials, large = false }: { initials: string; large?: boolean }) {
  return (
    <span className={large ? "avatar avatar--large" : "avatar"} aria-hidden="true">
      {initials}
    </span>
  );
}
