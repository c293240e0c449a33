/**
 * Finding elements the way a visitor names them, by role and accessible name or by visible text, in any engine.
 * WebDriver classic (WebKitWebDriver) has no role locator, so both adapters run this same script in the page: one
 * rule for both engines, and no CSS class the journeys depend on. It is a simplified accessible-name computation
 * (aria-labelledby, aria-label, labels, content), enough for the site's controls.
 */

/** A name matched exactly (after collapsing white space) or by a pattern. */
export type NameMatch = string | { source: string; flags: string };

/** What to find: an element of a role with a name, or the innermost element showing a text; optionally inside another. */
export interface Query {
  role?: string;
  name?: NameMatch;
  text?: string;
  within?: Query;
  /** Also matches elements that are not rendered (to tell "closed" from "missing"). */
  hidden?: boolean;
}

/** An element of `role`, named `name` (a string matches exactly, a RegExp by pattern). */
export function role(roleName: string, name?: string | RegExp, options: { within?: Query } = {}): Query {
  const match = name instanceof RegExp ? { source: name.source, flags: name.flags } : name;
  return { role: roleName, ...(match === undefined ? {} : { name: match }), ...options };
}

/** The innermost visible element whose text contains `text`. */
export function text(value: string, options: { within?: Query } = {}): Query {
  return { text: value, ...options };
}

/** A short description of a query for failure messages: `button "Apps" in banner`. */
export function describeQuery(query: Query): string {
  const name =
    typeof query.name === "object" ? `/${query.name.source}/` : query.name === undefined ? "" : ` "${query.name}"`;
  const self = query.text === undefined ? `${query.role ?? "element"}${name}` : `text "${query.text}"`;
  return query.within ? `${self} in ${describeQuery(query.within)}` : self;
}

/**
 * The in-page script: defines `__crossEngineLocate(query)`, which returns the first visible match (or the first match
 * when `hidden` is set), else null. Plain JavaScript in a string, so no transform of this file can change what runs.
 */
export const LOCATOR_SCRIPT = String.raw`
var __crossEngineLocate = function (query) {
  var norm = function (s) { return (s || "").replace(/\s+/g, " ").trim(); };
  var visible = function (el) {
    if (!el.isConnected) return false;
    if (typeof el.checkVisibility === "function" && !el.checkVisibility({ visibilityProperty: true })) return false;
    var rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  var landmarkScoped = function (el) { return el.closest("article, aside, main, nav, section") === null; };
  var implicitRole = function (el) {
    var tag = el.localName;
    var type = (el.getAttribute("type") || "text").toLowerCase();
    if (tag === "a" || tag === "area") return el.hasAttribute("href") ? "link" : "";
    if (tag === "button" || tag === "summary") return "button";
    if (tag === "input") {
      if (["button", "submit", "reset", "image"].indexOf(type) >= 0) return "button";
      if (type === "checkbox" || type === "radio") return type;
      if (type === "search") return "searchbox";
      if (type === "number") return "spinbutton";
      if (["text", "email", "tel", "url", "password"].indexOf(type) >= 0) return "textbox";
      return "";
    }
    if (tag === "textarea") return "textbox";
    if (tag === "select") return el.multiple || el.size > 1 ? "listbox" : "combobox";
    if (/^h[1-6]$/.test(tag)) return "heading";
    if (tag === "dialog") return "dialog";
    if (tag === "nav") return "navigation";
    if (tag === "main") return "main";
    if (tag === "header") return landmarkScoped(el) ? "banner" : "";
    if (tag === "footer") return landmarkScoped(el) ? "contentinfo" : "";
    if (tag === "section") return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : "";
    if (tag === "aside") return "complementary";
    if (tag === "fieldset" || tag === "details") return "group";
    if (tag === "output") return "status";
    if (tag === "option") return "option";
    return "";
  };
  var roleOf = function (el) { return norm(el.getAttribute("role")).split(" ")[0] || implicitRole(el); };
  var contentText = function (node) {
    if (node.nodeType === 3) return node.nodeValue;
    if (node.nodeType !== 1) return "";
    var el = node;
    if (el.getAttribute("aria-hidden") === "true" || el.localName === "script" || el.localName === "style" || el.localName === "template") return "";
    if (el.hasAttribute("aria-label")) return " " + el.getAttribute("aria-label") + " ";
    if (el.localName === "img") return " " + (el.getAttribute("alt") || "") + " ";
    if (el.localName === "svg") return "";
    var out = "";
    for (var child = el.firstChild; child; child = child.nextSibling) out += contentText(child);
    return /^(div|p|li|h[1-6]|br)$/.test(el.localName) ? " " + out + " " : out;
  };
  var byIds = function (ids) {
    return ids.split(/\s+/).map(function (id) { var ref = document.getElementById(id); return ref ? contentText(ref) : ""; }).join(" ");
  };
  var nameOf = function (el) {
    if (el.hasAttribute("aria-labelledby")) return norm(byIds(el.getAttribute("aria-labelledby")));
    if (el.hasAttribute("aria-label")) return norm(el.getAttribute("aria-label"));
    var tag = el.localName;
    if (tag === "input" || tag === "select" || tag === "textarea") {
      var labels = el.labels ? Array.prototype.map.call(el.labels, contentText).join(" ") : "";
      return norm(labels) || norm(el.getAttribute("placeholder")) || norm(el.getAttribute("title"));
    }
    if (tag === "fieldset") { var legend = el.querySelector("legend"); return legend ? norm(contentText(legend)) : ""; }
    if (["dialog", "section", "nav", "main", "header", "footer", "aside", "details", "form"].indexOf(tag) >= 0) return "";
    return norm(contentText(el)) || norm(el.getAttribute("title"));
  };
  var nameMatches = function (el, match) {
    if (match === undefined || match === null) return true;
    var name = nameOf(el);
    return typeof match === "string" ? name === norm(match) : new RegExp(match.source, match.flags).test(name);
  };
  var find = function (q, scope) {
    var all = scope.querySelectorAll("*");
    var hits = [];
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (q.text !== undefined) {
        if (norm(el.textContent).indexOf(norm(q.text)) < 0) continue;
        var inner = false;
        for (var c = el.firstElementChild; c; c = c.nextElementSibling) if (norm(c.textContent).indexOf(norm(q.text)) >= 0) { inner = true; break; }
        if (inner) continue;
      } else if (roleOf(el) !== q.role || !nameMatches(el, q.name)) continue;
      hits.push(el);
    }
    if (q.hidden) return hits[0] || null;
    for (var j = 0; j < hits.length; j++) if (visible(hits[j])) return hits[j];
    return null;
  };
  var scope = document;
  if (query.within) {
    scope = __crossEngineLocate(query.within);
    if (!scope) return null;
  }
  return find(query, scope);
};
`;
