// npm run dev only (server/dev.ts serves it): reloads the page after a good build and shows a failed build's
// errors over the page until the next good save. DOM APIs and an external stylesheet only, so the site's CSP holds.
const OVERLAY_ID = "dev-build-errors";

function showErrors(message) {
  let overlay = document.getElementById(OVERLAY_ID);
  if (!overlay) {
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = "/__dev/overlay.css";
    document.head.append(style);
    overlay = document.createElement("section");
    overlay.id = OVERLAY_ID;
    overlay.setAttribute("role", "alertdialog");
    overlay.setAttribute("aria-labelledby", `${OVERLAY_ID}-title`);
    const title = document.createElement("h2");
    title.id = `${OVERLAY_ID}-title`;
    title.textContent = "The build failed";
    const hint = document.createElement("p");
    hint.textContent =
      "Fix the files below and save: the page reloads when the build succeeds. The last good build is still served.";
    const details = document.createElement("pre");
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Hide";
    close.addEventListener("click", () => overlay.remove());
    overlay.append(title, hint, details, close);
    document.body.append(overlay);
  }
  overlay.querySelector("pre").textContent = message;
}

// The good build this page was served from (the server writes it into this script's address): a newer one at connect
// time, or at a reconnect, reloads the page.
const since = new URL(import.meta.url).searchParams.get("build") ?? "";
const events = new EventSource(`/__dev/events?since=${encodeURIComponent(since)}`);
events.addEventListener("reload", () => location.reload());
events.addEventListener("build-error", (event) => showErrors(JSON.parse(event.data).message));
