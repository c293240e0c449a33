/**
 * What a list filter needs only on a list split into pages (src/client/filters.ts imports it then): the JSON list of
 * every entry, and a card for each match made from the filter's `<template>`.
 */
import { formatShortDate } from "../lib/dates.ts";

export type Entry = Record<string, unknown>;

/** Fetches the list of every entry; throws naming the URL when the answer is not a success. */
export async function fetchIndex(url: string): Promise<Entry[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as Entry[];
}

/**
 * A copy of the template's card with each `{{field}}` in its text and attributes filled in from `entry` (as text,
 * never markup), and each <time> showing its short date as the server's cards do.
 */
export function cardFrom(template: HTMLTemplateElement, entry: Entry): Element {
  const card = template.content.firstElementChild?.cloneNode(true) as Element;
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(entry[key] ?? ""));
  const walker = card.ownerDocument.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = card; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) node.nodeValue = fill(node.nodeValue ?? "");
    else for (const attr of (node as Element).attributes) attr.value = fill(attr.value);
  }
  for (const time of card.querySelectorAll("time")) time.textContent = formatShortDate(time.dateTime);
  return card;
}
