/**
 * The article's Copy link and Share… buttons (placed after them by src/components/blog/share-bar.tsx). Both are
 * hidden in the HTML and shown here: Copy link where a script runs, Share… where the browser has the Web Share API.
 */
(() => {
  const bar = document.currentScript?.parentElement;
  const [copy, share] = bar?.querySelectorAll<HTMLButtonElement>("button[data-share]") ?? [];
  const status = bar?.querySelector("[role=status]");
  const url = bar?.dataset.url ?? location.href;
  if (!bar || !copy || !share || !status) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (label: string, message: string) => {
    copy.textContent = label;
    status.textContent = message;
    clearTimeout(timer);
    // How long "Link copied" stays before the button reads "Copy link" again.
    timer = setTimeout(() => {
      copy.textContent = "Copy link";
      status.textContent = "";
    }, 2000);
  };
  copy.hidden = false;
  copy.addEventListener("click", () =>
    navigator.clipboard.writeText(url).then(
      () => say("Link copied", "Link copied to the clipboard"),
      () => say("Copy link", `Copy failed; the link is ${url}`),
    ),
  );
  if (typeof navigator.share !== "function") return;
  share.hidden = false;
  share.addEventListener("click", () =>
    navigator.share({ title: bar.dataset.title ?? document.title, url }).catch((error: unknown) => {
      // Closing the share sheet rejects with AbortError; that is the visitor's choice, not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) console.error("[share-bar]", error);
    }),
  );
})();
