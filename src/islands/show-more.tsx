import { useEffect, useState } from "react";

interface ShowMoreProps {
  /** id of the server-rendered block this button shows and hides. */
  contentId: string;
}

/** The toggle of home's 'Show More Information' block: collapsed at first, then 'Hide Information'. */
export default function ShowMore({ contentId }: ShowMoreProps) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const content = document.getElementById(contentId);
    if (content) content.hidden = !open;
  }, [open, contentId]);

  return (
    <button type="button" className="button more-info__toggle" aria-expanded={open} aria-controls={contentId} onClick={() => setOpen(!open)}>
      {open ? "Hide Information" : "Show More Information"}
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d={open ? "m18 15-6-6-6 6" : "m6 9 6 6 6-6"} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
