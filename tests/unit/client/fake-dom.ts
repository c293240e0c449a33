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
  focus() {
    this.ownerDocument.activeElement = this;
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

const COMPOUND = /^([a-z-]+)|#([\w-]+)|\[([\w-]+)(?:=['"]?([^'"\]]*)['"]?)?\]|:not\(([^)]*)\)|:([\w-]+)/g;

function matchesCompound(el: FakeElement, compound: string): boolean {
  let consumed = 0;
  for (const [token, tag, id, attr, value, not, state] of compound.matchAll(COMPOUND)) {
    consumed += token.length;
    if (tag !== undefined && el.tagName !== tag) return false;
    if (id !== undefined && el.id !== id) return false;
    if (attr !== undefined && (value === undefined ? !el.hasAttribute(attr) : el.getAttribute(attr) !== value))
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
  readonly documentElement: FakeElement;
  readonly body: FakeElement;
  constructor(...content: FakeElement[]) {
    super();
    this.body = new FakeElement("body", {}, content);
    this.documentElement = new FakeElement("html", {}, [this.body]);
    const own = (el: FakeElement) => {
      el.ownerDocument = this;
      el.children.forEach(own);
    };
    own(this.documentElement);
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
