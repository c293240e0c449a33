import { createHash } from "node:crypto";
import type { Locator, Page, Request } from "@playwright/test";
import { axe, asReturningVisitor, expect, SES_URL, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

/**
 * The three lead forms end to end, through `npm start`'s stack: browser → /api/<function> → handler → SES emulator.
 * Failures are simulated by intercepting the call (an error answer, a dropped connection, no answer for 15 s), as
 * the emulator runs inside the server under test and cannot be stopped from here.
 */
const { site } = content;

interface StoredMail {
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

interface FormCase {
  fn: "send-product-inquiry" | "send-installation-email" | "send-contact-email";
  path: string;
  /** Opens the form (the product inquiry dialog needs a click) and returns the element that holds its fields. */
  open: (page: Page) => Promise<Locator>;
  /** Fills every required field validly; `email` is unique per test so its mail can be found. */
  fill: (form: Locator, email: string) => Promise<void>;
  /** A field to break and the spec message its schema gives. */
  invalid: { label: string; value: string; message: string };
  submit: string;
  busy: string;
  success: string;
  failure: string;
  subject: string;
  dialog: boolean;
}

const textbox = (form: Locator, name: string) => form.getByRole("textbox", { name, exact: true });

const CASES: FormCase[] = [
  {
    fn: "send-product-inquiry",
    path: "/products/legalway",
    open: async (page) => {
      await page.getByRole("button", { name: "Buy Now" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Buy Legalway" });
      await expect(dialog).toBeVisible();
      return dialog;
    },
    fill: async (form, email) => {
      await textbox(form, "Name").fill("Asha Verma");
      await textbox(form, "Email").fill(email);
      await textbox(form, "Mobile").fill("+91 98765 43210");
      await textbox(form, "Company (optional)").fill("Verma Labs");
      await textbox(form, "Message").fill("We would like to buy Legalway for our firm.");
    },
    invalid: { label: "Mobile", value: "98765", message: "Mobile number must be at least 10 digits" },
    submit: "Submit Inquiry",
    busy: "Sending...",
    success: "Inquiry sent! We'll contact you within 24 hours.",
    failure: `Failed to submit inquiry. Please contact us at ${site.contact.email} or WhatsApp ${site.contact.phone}`,
    subject: "Product inquiry: Legalway",
    dialog: true,
  },
  {
    fn: "send-installation-email",
    path: "/installation",
    open: async (page) => {
      const form = page.getByRole("region", { name: "Request Installation" });
      // No waiting for the island: the form takes input and submits before it wakes.
      await form.scrollIntoViewIfNeeded();
      return form;
    },
    fill: async (form, email) => {
      await textbox(form, "Full Name").fill("Asha Verma");
      await textbox(form, "Email Address").fill(email);
      await textbox(form, "Mobile Number").fill("+91 98765 43210");
      await form.getByRole("combobox", { name: "Product" }).selectOption("astroway");
      await form.getByRole("combobox", { name: "Installation Package" }).selectOption("android");
    },
    invalid: { label: "Email Address", value: "asha@example", message: "Invalid email address" },
    submit: "Submit Request",
    busy: "Submitting...",
    success: "Request submitted! We'll contact you within 24 hours.",
    failure: "Failed to submit request. Please try again or contact us directly.",
    subject: "Installation request: Astroway, Android package",
    dialog: false,
  },
  {
    fn: "send-contact-email",
    path: "/contact",
    open: async (page) => {
      const form = page.getByRole("region", { name: "Send Us a Message" });
      // No waiting for the island: the form takes input and submits before it wakes.
      await form.scrollIntoViewIfNeeded();
      return form;
    },
    fill: async (form, email) => {
      await textbox(form, "Full Name").fill("Asha Verma");
      await textbox(form, "Email Address").fill(email);
      await textbox(form, "Mobile Number").fill("+91 98765 43210");
      await form.getByRole("combobox", { name: "Product (optional)" }).selectOption("esim");
      await textbox(form, "Subject").fill("Reseller pricing");
      await textbox(form, "Message").fill("Do you offer reseller pricing for eSIM?");
    },
    invalid: { label: "Message", value: "Too short", message: "Message must be at least 10 characters" },
    submit: "Send Message",
    busy: "Sending...",
    success: "Message sent! We'll get back to you soon.",
    failure: "Failed to submit request. Please try again or contact us directly.",
    subject: "Contact message about eSIM",
    dialog: false,
  },
];

/** The toast with this text, in whichever live region shows it (the page's, or the open dialog's). */
const toast = (page: Page, text: string) =>
  page.getByRole("status", { name: "Notifications" }).getByText(text, { exact: true });

/** Every call to the function, answered by `answer` (which may hold it) instead of the server. */
async function intercept(
  page: Page,
  fn: string,
  answer: (route: Parameters<Parameters<Page["route"]>[1]>[0]) => Promise<void>,
) {
  const calls: Request[] = [];
  await page.route(`**/api/${fn}`, async (route) => {
    calls.push(route.request());
    await answer(route);
  });
  return calls;
}

const OK = {
  status: 200,
  contentType: "application/json",
  body: JSON.stringify({ success: true, data: { id: "lead-1" } }),
};

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
  await page.clock.install();
});

for (const form of CASES) {
  test.describe(`${form.fn} form`, () => {
    test("asks for the required fields and sends nothing while one is empty", async ({ page }) => {
      const calls = await intercept(page, form.fn, (route) => route.fulfill(OK));
      await page.goto(form.path);
      const fields = await form.open(page);
      await form.fill(fields, "asha@example.org");
      await textbox(fields, form.dialog ? "Name" : "Full Name").fill("   ");
      await fields.getByRole("button", { name: form.submit }).click();
      await expect(toast(page, "Please fill in all required fields")).toBeVisible();
      await page.clock.runFor(1_000);
      expect(calls).toHaveLength(0);
    });

    test("shows the schema's message in a toast and on the field, sends nothing and stays accessible", async ({
      page,
    }) => {
      const calls = await intercept(page, form.fn, (route) => route.fulfill(OK));
      await page.goto(form.path);
      const fields = await form.open(page);
      await form.fill(fields, "asha@example.org");
      const field = textbox(fields, form.invalid.label);
      await field.fill(form.invalid.value);
      await fields.getByRole("button", { name: form.submit }).click();
      await expect(toast(page, form.invalid.message)).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(form.invalid.message);
      await expect(field).toBeFocused();
      expect(calls).toHaveLength(0);
      // The page stays accessible with the toast shown and the field marked invalid (and the buy dialog open).
      expect((await axe(page).analyze()).violations).toEqual([]);
      // Correcting the field clears its mark.
      await field.fill(
        form.invalid.label === "Message"
          ? "A long enough message."
          : form.invalid.label === "Mobile"
            ? "+91 98765 43210"
            : "asha@example.org",
      );
      await expect(field).not.toHaveAttribute("aria-invalid");
    });

    test(`disables its buttons and reads '${form.busy}' while sending`, async ({ page }) => {
      let release: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      await intercept(page, form.fn, async (route) => {
        await answered;
        await route.fulfill(OK);
      });
      await page.goto(form.path);
      const fields = await form.open(page);
      await form.fill(fields, "asha@example.org");
      await page.clock.runFor(2_500);
      await fields.getByRole("button", { name: form.submit }).click();
      await expect(fields.getByRole("button", { name: form.busy })).toBeDisabled();
      if (form.dialog) await expect(fields.getByRole("button", { name: "Cancel" })).toBeDisabled();
      release();
      await expect(toast(page, form.success)).toBeVisible();
    });

    test("sends the lead to the vendor's mailbox, confirms in a toast and resets the form", async ({
      page,
      consoleErrors,
    }) => {
      const email = `e2e-${form.fn}-${Date.now()}@example.org`;
      await page.goto(form.path);
      const fields = await form.open(page);
      await form.fill(fields, email);
      // A person takes more than 2 seconds; a faster form would be dropped as a bot.
      await page.clock.runFor(3_000);
      const request = page.waitForRequest(`**/api/${form.fn}`);
      await fields.getByRole("button", { name: form.submit }).click();
      const sent = await request;
      const body = sent.postData() ?? "";
      expect(await sent.headerValue("x-amz-content-sha256")).toBe(createHash("sha256").update(body).digest("hex"));
      expect(JSON.parse(body)).toMatchObject({ email, website: "", elapsedMs: expect.any(Number) });
      expect(JSON.parse(body).elapsedMs).toBeGreaterThanOrEqual(2_000);

      await expect(toast(page, form.success)).toBeVisible();
      if (form.dialog) await expect(fields).toBeHidden();
      else await expect(textbox(fields, "Email Address")).toHaveValue("");

      await expect
        .poll(async () => {
          const { emails } = (await (await fetch(`${SES_URL}/store`)).json()) as { emails: StoredMail[] };
          return emails.find(
            (mail) => mail.replyTo.includes(email) && mail.destination.to.includes(site.contact.email),
          );
        })
        .toMatchObject({
          subject: form.subject,
          body: { text: expect.stringContaining("Asha Verma"), html: expect.stringContaining("Asha Verma") },
        });
      expect(consoleErrors).toEqual([]);

      if (form.dialog) {
        // Opened again, the dialog starts from an empty form.
        const again = await form.open(page);
        await expect(textbox(again, "Email")).toHaveValue("");
      }
    });

    test("keeps every field and says what to do when the server answers with an error", async ({ page }) => {
      await intercept(page, form.fn, (route) =>
        route.fulfill({
          status: 502,
          contentType: "application/json",
          body: JSON.stringify({ success: false, error: "Failed to send email" }),
        }),
      );
      await page.goto(form.path);
      const fields = await form.open(page);
      await form.fill(fields, "kept@example.org");
      await page.clock.runFor(2_500);
      await fields.getByRole("button", { name: form.submit }).click();
      await expect(toast(page, form.failure)).toBeVisible();
      await expect(fields).toBeVisible();
      await expect(textbox(fields, form.dialog ? "Email" : "Email Address")).toHaveValue("kept@example.org");
      await expect(textbox(fields, form.dialog ? "Name" : "Full Name")).toHaveValue("Asha Verma");
      await expect(fields.getByRole("button", { name: form.submit })).toBeEnabled();
    });

    test("fails the same way when the connection drops or nothing answers within 15 seconds", async ({ page }) => {
      let attempt = 0;
      let giveUp: () => void = () => {};
      const abandoned = new Promise<void>((resolve) => {
        giveUp = resolve;
      });
      await intercept(page, form.fn, async (route) => {
        attempt += 1;
        if (attempt === 1) return route.abort("connectionreset");
        await abandoned; // the second call never gets an answer
        await route.abort().catch(() => {});
      });
      await page.goto(form.path);
      const fields = await form.open(page);
      await form.fill(fields, "kept@example.org");
      await page.clock.runFor(2_500);
      await fields.getByRole("button", { name: form.submit }).click();
      await expect(toast(page, form.failure)).toBeVisible();

      await fields.getByRole("button", { name: form.submit }).click();
      await expect(fields.getByRole("button", { name: form.busy })).toBeDisabled();
      await page.clock.runFor(14_000);
      await expect(fields.getByRole("button", { name: form.busy })).toBeDisabled();
      await page.clock.runFor(1_500);
      await expect(toast(page, form.failure)).toBeVisible();
      await expect(fields.getByRole("button", { name: form.submit })).toBeEnabled();
      await expect(textbox(fields, form.dialog ? "Email" : "Email Address")).toHaveValue("kept@example.org");
      giveUp();
    });
  });
}
