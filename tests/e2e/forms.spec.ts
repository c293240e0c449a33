import { createHash } from "node:crypto";
import type { Locator, Page, Request } from "@playwright/test";
import { axe, asReturningVisitor, expect, test } from "./fixtures.ts";
import { fillForm, LEAD_FORMS, toast, vendorMail } from "./lead-form-cases.ts";

/**
 * The three lead forms end to end, through `npm start`'s stack: browser → /api/<function> → handler → SES emulator.
 * Failures are simulated by intercepting the call (an error answer, a dropped connection, no answer for 15 s), as
 * the emulator runs inside the server under test and cannot be stopped from here.
 */
const textbox = (form: Locator, name: string) => form.getByRole("textbox", { name, exact: true });

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

for (const form of LEAD_FORMS) {
  test.describe(`${form.fn} form`, () => {
    test("asks for the required fields, then shows the schema's message in a toast and on the field, sends nothing and stays accessible", async ({
      page,
    }) => {
      const calls = await intercept(page, form.fn, (route) => route.fulfill(OK));
      await page.goto(form.path);
      const fields = await form.open(page);
      await fillForm(form, fields, "asha@example.org");
      const name = textbox(fields, form.dialog ? "Name" : "Full Name");
      await name.fill("   ");
      await fields.getByRole("button", { name: form.submit }).click();
      await expect(toast(page, "Please fill in all required fields")).toBeVisible();
      await page.clock.runFor(1_000);
      expect(calls).toHaveLength(0);
      await name.fill("Asha Verma");
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
      await fillForm(form, fields, "asha@example.org");
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
      await fillForm(form, fields, email);
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

      expect(await vendorMail(email)).toMatchObject({
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
      await fillForm(form, fields, "kept@example.org");
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
      await fillForm(form, fields, "kept@example.org");
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
