/**
 * A small page for the browser scripts' unit tests: elements are EventTargets in a tree, with attributes, `dataset`,
 * focus and the selectors the scripts use (tags, attributes, descendants, `:not()` and a few states set by hand:
 * `:modal`, `:popover-open`, `:hover`, `:focus-visible`). Events are dispatched at the document, as the scripts
 * delegate every listener there, with the target they would have had in a page.
 */
export class FakeElement extends EventTarget {
  parent: FakeElement | null = null;
  children: FakeElement[] = [];
  readonly attributes = new Map<string, string>();
  /** The states of the pseudo-classes, as the page would have them. */
  states = new Set<string>();
  textContent = "";
  ownerDocument!: FakeDocument;
  box = { left: 0, right: 100, top: 0, bottom: 100 };
  style: Record<string, string> = {};
  value = "";
  constructor(
    readonly tagName: string,
    attributes: Record<string, string> = {},
    children: FakeElement[] = [],
  ) {
    super();
    for (const [name, value] of Object.entries(attributes)) this.attributes.set(name, value);
    for (const child of children) this.append(child);
    this.value = attributes.value ?? "";
  }
  append(...children: FakeElement[]) {
    for (const child of children) {
      child.remove();
      child.parent = this;
      this.children.push(child);
    }
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  get id() {
    return this.getAttribute("id") ?? "";
  }
  get hidden() {
    return this.hasAttribute("hidden");
  }
  set hidden(on: boolean) {
    if (on) this.setAttribute("hidden", "");
    else this.removeAttribute("hidden");
  }
  get tabIndex() {
    return Number(this.getAttribute("tabindex") ?? 0);
  }
  set tabIndex(index: number) {
    this.setAttribute("tabindex", String(index));
  }
  /** `data-*` attributes by their camelCase names, as the platform's DOMStringMap. */
  get dataset(): Record<string, string | undefined> {
    const attr = (key: string | symbol) => `data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    return new Proxy({} as Record<string, string | undefined>, {
      get: (_, key) => this.attributes.get(attr(key)),
      set: (_, key, value: string) => {
        this.attributes.set(attr(key), String(value));
        return true;
      },
      has: (_, key) => this.attributes.has(attr(key)),
    });
  }
  get isConnected(): boolean {
    return this.parent ? this.parent.isConnected : this === this.ownerDocument?.documentElement;
  }
  contains(node: unknown): boolean {
    for (let at = node instanceof FakeElement ? node : null; at; at = at.parent) if (at === this) return true;
    return false;
  }
  matches(selector: string): boolean {
    return selector.split(",").some((one) => matchesComplex(this, one.trim().split(/\s+/)));
  }
  closest(selector: string): FakeElement | null {
    for (let at: FakeElement | null = this; at; at = at.parent) if (at.matches(selector)) return at;
    return null;
  }
  querySelectorAll(selector: string): FakeElement[] {
    const child = /^:scope > (.*)$/.exec(selector)?.[1];
    if (child !== undefined) return this.children.filter((el) => el.matches(child));
    const found: FakeElement[] = [];
    const walk = (el: FakeElement) => {
      for (const child of el.children) {
        if (child.matches(selector)) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  /** How it was last focused, and its tabindex then (an element without one takes focus only from script). */
  focusedWith: object | undefined;
  focus(options?: FocusOptions) {
    this.ownerDocument.activeElement = this;
    this.focusedWith = { ...options, tabindex: this.getAttribute("tabindex") };
  }
  blur() {
    if (this.ownerDocument.activeElement === this) this.ownerDocument.activeElement = this.ownerDocument.body;
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  replaceWith(other: FakeElement) {
    const parent = this.parent;
    if (!parent) return;
    other.remove();
    parent.children.splice(parent.children.indexOf(this), 1, other);
    other.parent = parent;
    this.parent = null;
  }
  insertBefore(child: FakeElement, before: FakeElement | null) {
    child.remove();
    const at = before ? this.children.indexOf(before) : -1;
    this.children.splice(at < 0 ? this.children.length : at, 0, child);
    child.parent = this;
  }
  prepend(child: FakeElement) {
    this.insertBefore(child, this.children[0] ?? null);
  }
  scrollIntoView() {
    this.ownerDocument.scrolledTo = this;
  }
  /** Links' and stylesheets' attributes, as the platform reflects them (`href` absolute). */
  get href() {
    return new URL(this.getAttribute("href") ?? "", this.ownerDocument.url).href;
  }
  set href(value: string) {
    this.setAttribute("href", value);
  }
  get className() {
    return this.getAttribute("class") ?? "";
  }
  set className(value: string) {
    this.setAttribute("class", value);
  }
  get lang() {
    return this.getAttribute("lang") ?? "";
  }
  set lang(value: string) {
    this.setAttribute("lang", value);
  }
  get media() {
    return this.getAttribute("media") ?? "";
  }
  set media(value: string) {
    this.setAttribute("media", value);
  }
  get rel() {
    return this.getAttribute("rel") ?? "";
  }
  set rel(value: string) {
    this.setAttribute("rel", value);
  }
  get target() {
    return this.getAttribute("target") ?? "";
  }
  get src() {
    return this.getAttribute("src") ?? "";
  }
  get type() {
    return this.getAttribute("type") ?? "";
  }
  /** A stylesheet link's sheet: there once loaded, which the fake page's are at once. */
  sheet: object | null = {};
  relList = { supports: (token: string) => token === "prefetch" };
  checked = false;
  get defaultChecked() {
    return this.hasAttribute("checked");
  }
  get defaultValue() {
    return this.getAttribute("value") ?? "";
  }
  getBoundingClientRect() {
    return this.box;
  }
  getClientRects() {
    return this.hidden ? [] : [this.box];
  }
}

/** `el` matches the last compound of `parts`, and each earlier one matches an ancestor, in order. */
function matchesComplex(el: FakeElement, parts: string[]): boolean {
  const last = parts.at(-1);
  if (last === undefined || !matchesCompound(el, last)) return false;
  const rest = parts.slice(0, -1);
  for (let at = el.parent; at && rest.length > 0; at = at.parent) if (matchesComplex(at, rest)) return true;
  return rest.length === 0;
}

const COMPOUND =
  /^([a-z-]+)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:(\*?=)['"]?([^'"\]]*)['"]?)?\]|:not\(([^)]*)\)|:([\w-]+)/g;

function matchesCompound(el: FakeElement, compound: string): boolean {
  let consumed = 0;
  for (const [token, tag, id, className, attr, operator, value, not, state] of compound.matchAll(COMPOUND)) {
    consumed += token.length;
    if (tag !== undefined && el.tagName !== tag) return false;
    if (id !== undefined && el.id !== id) return false;
    if (className !== undefined && !(el.getAttribute("class") ?? "").split(" ").includes(className)) return false;
    const has = el.getAttribute(attr ?? "");
    if (
      attr !== undefined &&
      (has === null || (value !== undefined && !(operator === "=" ? has === value : has.includes(value))))
    )
      return false;
    if (not !== undefined && matchesCompound(el, not)) return false;
    if (state !== undefined && !el.states.has(state)) return false;
  }
  if (consumed !== compound.length) throw new Error(`the fake page cannot read the selector ${compound}`);
  return true;
}

export class FakeDialog extends FakeElement {
  get open() {
    return this.hasAttribute("open");
  }
  showModal() {
    this.setAttribute("open", "");
    this.states.add("modal");
  }
  close() {
    this.removeAttribute("open");
    this.states.delete("modal");
    this.ownerDocument.fire("close", this);
  }
}

export class FakeDocument extends EventTarget {
  activeElement: FakeElement | null = null;
  documentElement: FakeElement;
  /** What scrollIntoView last brought into view. */
  scrolledTo: FakeElement | undefined;
  defaultView: unknown = null;
  url = "https://shop.test/";
  constructor(...content: FakeElement[]) {
    super();
    this.documentElement = this.adoptNode(new FakeElement("html", {}, [h("head"), h("body", {}, ...content)]));
  }
  get head() {
    return this.documentElement.children[0] as FakeElement;
  }
  get body() {
    return this.documentElement.children.find((child) => child.tagName === "body") as FakeElement;
  }
  get title() {
    return this.head.querySelector("title")?.textContent ?? "";
  }
  adoptNode(el: FakeElement): FakeElement {
    el.remove();
    const own = (node: FakeElement) => {
      node.ownerDocument = this;
      node.children.forEach(own);
    };
    own(el);
    return el;
  }
  createElement(tag: string) {
    return this.adoptNode(h(tag));
  }
  getElementById(id: string) {
    return this.documentElement.querySelector(`#${id}`);
  }
  querySelector(selector: string) {
    return this.documentElement.querySelector(selector);
  }
  querySelectorAll(selector: string) {
    return this.documentElement.querySelectorAll(selector);
  }
  /** Dispatches a cancelable event at the document as if it had come from `target`; returns it. */
  fire(type: string, target: FakeElement, extra: Record<string, unknown> = {}): Event {
    const event = new Event(type, { cancelable: true });
    for (const [key, value] of Object.entries({ target, ...extra })) Object.defineProperty(event, key, { value });
    this.dispatchEvent(event);
    return event;
  }
}

/** A tag-named constructor, for building a page: `h("button", { id: "b" }, child)`. */
export const h = (tag: string, attributes: Record<string, string> = {}, ...children: FakeElement[]) =>
  tag === "dialog" ? new FakeDialog(tag, attributes, children) : new FakeElement(tag, attributes, children);
