import CMS from "decap-cms-app";
import { Component, type ComponentType, createElement, createRef } from "react";
import { type Folders, formatPath, type Written } from "../lib/content-rules.ts";
import type { Site } from "../schemas/site.ts";
import type { AdminLinks } from "./config.ts";
import { faqIssues, isRuled, issuesOf, RULED, type RuledName } from "./rules.ts";

/** The parts of Decap's Immutable values a control's props carry that the rules read. */
interface ImmutableLike {
  get(key: string): unknown;
  toJS(): unknown;
  includes?(value: unknown): boolean;
}
interface ControlProps {
  field: ImmutableLike;
  entry: ImmutableLike;
  /** The entry as it is now: `entry` is as of this control's last render, which other fields' edits do not cause. */
  getEntry?: () => ImmutableLike;
  collection: ImmutableLike;
  value?: unknown;
  classNameWrapper?: string;
  hasActiveStyle?: boolean;
  getAsset?: GetAsset;
  query: (namespace: string, collection: string, fields: string[], term: string) => Promise<unknown>;
  forID?: string;
  /** Decap's ids of the controls around this one: a list's own id is followed by the key of the item it holds. */
  parentIds?: string[];
}
type GetAsset = (path: unknown, field: unknown) => unknown;
interface Validation {
  error: false | { type: string; message: string };
}
interface InnerControl {
  isValid?: () => boolean | Validation | Promise<unknown>;
  focus?: (path?: unknown) => void;
  getValidateValue?: () => unknown;
  validate?: () => void;
  shouldComponentUpdate?: (next: object) => boolean;
}

/** The list controls on the page by their id, to tell which item of a list a nested field is in. */
const lists = new Map<string, { field: ImmutableLike; keys: () => string[] }>();

/** The field's path in the entry (categories[1].questions[0].q), from the lists around it and their items' keys. */
function pathOf({ parentIds = [], field }: ControlProps): string {
  const path = parentIds.flatMap((id, i) => {
    const list = lists.get(id);
    return list ? [String(list.field.get("name")), list.keys().indexOf(parentIds[i + 1] ?? "")] : [];
  });
  return formatPath([...path, String(field.get("name"))]);
}

/** The saved entries of each ruled folder, read once per save: another save may have changed them. */
let saved: Promise<Folders> | undefined;

function loadSaved(query: ControlProps["query"]): Promise<Folders> {
  const one = async (name: RuledName): Promise<Written[]> => {
    const action = (await query(`rules-${name}`, name, [RULED[name].naming], "")) as {
      payload?: { hits?: { path: string; slug: string; data: Record<string, unknown> }[] };
    };
    return (action.payload?.hits ?? []).map(({ path, slug, data: { body: _, ...data } }) => ({
      file: path,
      name: slug,
      data,
    }));
  };
  saved ??= Promise.all([one("products"), one("portfolio"), one("posts")]).then(([products, portfolio, posts]) => ({
    products,
    portfolio,
    posts,
  }));
  return saved;
}

/**
 * Wraps each of Decap's widgets so that a top-level field of an article, product or project is refused, on the field
 * and in the build's words, when a build rule refuses it (src/lib/content-rules.ts): Decap asks every control's
 * isValid before it saves, and a control that answers with an error stops the save.
 */
export function registerRuledWidgets(site: Site, links: AdminLinks): void {
  CMS.registerEventListener({
    name: "postSave",
    handler: () => {
      saved = undefined;
    },
  });
  // getWidgets is in Decap's registry, not in its typings.
  const registry = CMS as unknown as { getWidgets(): { name: string; control: ComponentType }[] };
  for (const { name, ...widget } of registry.getWidgets()) {
    const { control, ...rest } = widget;
    CMS.registerWidget({ name, ...rest, controlComponent: ruled(control, site, links) } as unknown as Parameters<
      typeof CMS.registerWidget
    >[0]);
  }
}

/** A control of `Inner`'s, with the site's facts and pages the rules read. */
function ruled(Inner: ComponentType, site: Site, links: AdminLinks): ComponentType<ControlProps> {
  return class extends Ruled {
    readonly made = { Inner, site, links };
  };
}

abstract class Ruled extends Component<ControlProps> {
  abstract readonly made: { Inner: ComponentType; site: Site; links: AdminLinks };
  inner = createRef<InnerControl>();
  folders: Folders | undefined;

  /**
   * Decap re-renders a control as the control itself says (the image control also when a picked file arrives), else
   * when its value or style changes: this wrapper answers for the control inside it.
   */
  override shouldComponentUpdate(next: ControlProps): boolean {
    const inner = this.inner.current;
    if (inner?.shouldComponentUpdate) return inner.shouldComponentUpdate({ ...next, getAsset: this.assetOf(next) });
    const { value, classNameWrapper, hasActiveStyle } = this.props;
    return next.value !== value || next.classNameWrapper !== classNameWrapper || next.hasActiveStyle !== hasActiveStyle;
  }

  override componentDidMount() {
    // Decap's list keeps one key per item, in the items' order (its state, not its typings).
    const list = this.inner.current as { state?: { keys?: string[] } } | null;
    if (this.props.forID && list?.state?.keys)
      lists.set(this.props.forID, { field: this.props.field, keys: () => list.state?.keys ?? [] });
    if (this.collectionName()) loadSaved(this.props.query).then((folders) => (this.folders = folders));
  }

  /** The ruled collection when this control is one of its top-level fields. */
  collectionName(): RuledName | undefined {
    const name = String(this.props.collection.get("name"));
    const fields = this.props.collection.get("fields") as ImmutableLike | undefined;
    return isRuled(name) && fields?.includes?.(this.props.field) ? name : undefined;
  }

  // A property, not a method: Decap calls it detached from the control.
  isValid = (): boolean | Validation | Promise<unknown> => {
    const own = this.inner.current?.isValid?.();
    if (own instanceof Promise || own === false || (typeof own === "object" && own.error)) return own ?? true;
    if (this.props.collection.get("name") === "faq") {
      const message = faqIssues(this.data()).get(pathOf(this.props))?.join("; ");
      return message ? { error: { type: "CUSTOM", message } } : true;
    }
    const collection = this.collectionName();
    if (!collection) return true;
    if (!this.folders) return loadSaved(this.props.query).then((folders) => this.check(collection, folders));
    const message = this.message(collection, this.folders);
    return message ? { error: { type: "CUSTOM", message } } : true;
  };

  message(collection: RuledName, folders: Folders): string | undefined {
    const entry = this.props.getEntry?.() ?? this.props.entry;
    const path = String(entry.get("newRecord") ? "" : (entry.get("path") ?? ""));
    const issues = issuesOf({ collection, path, data: this.data() }, folders, this.made.site, this.made.links);
    return issues.get(String(this.props.field.get("name")))?.join("; ");
  }

  /** The entry's fields as they are now. */
  data(): Record<string, unknown> {
    const entry = this.props.getEntry?.() ?? this.props.entry;
    return ((entry.get("data") as ImmutableLike | undefined)?.toJS() ?? {}) as Record<string, unknown>;
  }

  /** For a save asked before the folders were read: the rule's message rejects the promise (Decap shows it). */
  check(collection: RuledName, folders: Folders): void {
    this.folders = folders;
    const message = this.message(collection, folders);
    if (message) throw message;
  }

  /** A list or object validates the fields inside it (and a list its length) when Decap finds this on its control. */
  get validate(): (() => void) | undefined {
    return this.inner.current?.validate;
  }

  getValidateValue = (): unknown => this.inner.current?.getValidateValue?.();
  focus = (path?: unknown) => this.inner.current?.focus?.(path);

  #asset: [GetAsset, GetAsset] | undefined;

  /**
   * An image control draws its value through getAsset; a photo just picked is not served yet, so it is asked for by
   * file name, as the preview does. The same function while Decap's is, since the control redraws when it changes.
   */
  assetOf({ getAsset, field }: ControlProps): GetAsset | undefined {
    const folder = field.get("public_folder");
    if (!getAsset || typeof folder !== "string") return getAsset;
    if (this.#asset?.[0] !== getAsset) {
      const name = (path: unknown) =>
        typeof path === "string" && path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path;
      this.#asset = [getAsset, (path, field) => getAsset(name(path), field)];
    }
    return this.#asset[1];
  }

  override render() {
    return createElement(this.made.Inner as ComponentType<ControlProps & { ref: unknown }>, {
      ...this.props,
      getAsset: this.assetOf(this.props),
      ref: this.inner,
    });
  }
}
