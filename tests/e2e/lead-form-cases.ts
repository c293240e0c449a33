import type { Locator, Page } from "@playwright/test";
import { expect, SES_URL } from "./fixtures.ts";
import { content } from "./site-content.ts";

/** A field as the visitor sees it, with what they type or choose. */
export interface Entry {
  role: "textbox" | "combobox";
  name: string;
  value: string;
  /** The combobox option's visible text, as the mail names it. */
  shown?: string;
}

/** One of the three lead forms as a visitor meets it, and what it answers. */
export interface LeadFormCase {
  title: string;
  fn: "send-product-inquiry" | "send-installation-email" | "send-contact-email";
  path: string;
  island: string;
  /** Shows the form (the product inquiry dialog needs its button) without waiting for any island; returns its container. */
  open: (page: Page) => Promise<Locator>;
  /** Every field filled validly, the name first; `email` is unique per test so its mail can be found. */
  entries: (email: string) => Entry[];
  /** A field to break and the message its schema gives. */
  invalid: { label: string; value: string; message: string };
  submit: string;
  busy: string;
  success: string;
  failure: string;
  subject: string;
  dialog: boolean;
}

const { site } = content;
const NAME = "Asha Verma";
const MOBILE = "+91 98765 43210";

export const LEAD_FORMS: LeadFormCase[] = [
  {
    title: "product inquiry dialog",
    fn: "send-product-inquiry",
    path: "/products/legalway",
    island: "product-inquiry-form",
    open: async (page) => {
      // The dialog opens natively at once; its form island wakes behind it.
      await page.getByRole("button", { name: "Buy Now" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Buy Legalway" });
      await expect(dialog).toBeVisible();
      return dialog;
    },
    entries: (email) => [
      { role: "textbox", name: "Name", value: NAME },
      { role: "textbox", name: "Email", value: email },
      { role: "textbox", name: "Mobile", value: MOBILE },
      { role: "textbox", name: "Company (optional)", value: "Verma Labs" },
      { role: "textbox", name: "Message", value: "We would like to buy Legalway for our firm." },
    ],
    invalid: { label: "Mobile", value: "98765", message: "Mobile number must be at least 10 digits" },
    submit: "Submit Inquiry",
    busy: "Sending...",
    success: "Inquiry sent! We'll contact you within 24 hours.",
    failure: `Failed to submit inquiry. Please contact us at ${site.contact.email} or WhatsApp ${site.contact.phone}`,
    subject: "Product inquiry: Legalway",
    dialog: true,
  },
  {
    title: "installation form",
    fn: "send-installation-email",
    path: "/installation",
    island: "installation-form",
    open: async (page) => page.getByRole("region", { name: "Request Installation" }),
    entries: (email) => [
      { role: "textbox", name: "Full Name", value: NAME },
      { role: "textbox", name: "Email Address", value: email },
      { role: "textbox", name: "Mobile Number", value: MOBILE },
      { role: "combobox", name: "Product", value: "astroway", shown: "Astroway" },
      { role: "combobox", name: "Installation Package", value: "android", shown: "Android" },
      { role: "textbox", name: "Additional Message (optional)", value: "Our server runs Ubuntu 24.04." },
    ],
    invalid: { label: "Email Address", value: "asha@example", message: "Invalid email address" },
    submit: "Submit Request",
    busy: "Submitting...",
    success: "Request submitted! We'll contact you within 24 hours.",
    failure: "Failed to submit request. Please try again or contact us directly.",
    subject: "Installation request: Astroway, Android package",
    dialog: false,
  },
  {
    title: "contact form",
    fn: "send-contact-email",
    path: "/contact",
    island: "contact-form",
    open: async (page) => page.getByRole("region", { name: "Send Us a Message" }),
    entries: (email) => [
      { role: "textbox", name: "Full Name", value: NAME },
      { role: "textbox", name: "Email Address", value: email },
      { role: "textbox", name: "Mobile Number", value: MOBILE },
      { role: "combobox", name: "Product (optional)", value: "esim", shown: "eSIM" },
      { role: "textbox", name: "Subject", value: "Reseller pricing" },
      { role: "textbox", name: "Message", value: "Do you offer reseller pricing for eSIM?" },
    ],
    invalid: { label: "Message", value: "Too short", message: "Message must be at least 10 characters" },
    submit: "Send Message",
    busy: "Sending...",
    success: "Message sent! We'll get back to you soon.",
    failure: "Failed to submit request. Please try again or contact us directly.",
    subject: "Contact message about eSIM",
    dialog: false,
  },
];

export const field = (form: Locator, entry: Pick<Entry, "role" | "name">) =>
  form.getByRole(entry.role, { name: entry.name, exact: true });

/** Fills every field of the form validly. */
export async function fillForm(lead: LeadFormCase, form: Locator, email: string): Promise<void> {
  for (const entry of lead.entries(email))
    if (entry.role === "combobox") await field(form, entry).selectOption(entry.value);
    else await field(form, entry).fill(entry.value);
}

/** The toast with this text, in whichever live region shows it (the page's, or the open dialog's). */
export const toast = (page: Page, text: string) =>
  page.getByRole("status", { name: "Notifications" }).getByText(text, { exact: true });

interface StoredMail {
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The vendor's copy of the lead sent from `email`, once the local SES mailbox has it. */
export async function vendorMail(email: string): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(
      async () => {
        const { emails } = (await (await fetch(`${SES_URL}/store`)).json()) as { emails: StoredMail[] };
        found = emails.find((mail) => mail.replyTo.includes(email) && mail.destination.to.includes(site.contact.email));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail from ${email}`);
  return found;
}
