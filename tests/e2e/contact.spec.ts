import { asReturningVisitor, expect, test } from "./fixtures.ts";
import { content } from "./site-content.ts";

const { site } = content;
const productCount = content.products.length;

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

test("WhatsApp, e-mail and phone cards link to the vendor with their promises", async ({ page, consoleErrors }) => {
  await page.goto("/contact");
  const channels = page.getByRole("list", { name: "Ways to reach us" });
  const whatsapp = channels.getByRole("link", { name: /^Chat on WhatsApp/ });
  await expect(whatsapp).toHaveAttribute("href", `https://wa.me/${site.contact.whatsapp}`);
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(channels.getByRole("link", { name: site.contact.email })).toHaveAttribute(
    "href",
    `mailto:${site.contact.email}`,
  );
  await expect(channels.getByRole("link", { name: site.contact.phone })).toHaveAttribute(
    "href",
    `tel:${site.contact.phone.replace(/[^+\d]/g, "")}`,
  );
  for (const promise of [site.contact.whatsappReply, site.contact.emailReply, site.contact.callHours]) {
    await expect(channels.getByText(promise)).toBeVisible();
  }
  const portal = page.getByRole("link", { name: /Support Portal/ });
  await expect(portal).toHaveAttribute("href", site.contact.supportUrl);
  await expect(portal).toHaveAttribute("target", "_blank");
  expect(consoleErrors).toEqual([]);
});

test("the message form has every field, labelled, with the right types; a product named in the URL is preselected", async ({
  page,
}) => {
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Send Us a Message" });
  await expect(form.getByRole("textbox", { name: "Full Name" })).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Email Address" })).toHaveAttribute("type", "email");
  const mobile = form.getByRole("textbox", { name: "Mobile Number" });
  await expect(mobile).toHaveAttribute("type", "tel");
  await expect(mobile).toHaveAttribute("placeholder", "+91 XXXXX XXXXX");
  const product = form.getByRole("combobox", { name: "Product (optional)" });
  await expect(product.locator("option:not([value=''])")).toHaveCount(productCount);
  await expect(product).not.toHaveAttribute("required");
  await expect(form.getByRole("textbox", { name: "Subject" })).toHaveAttribute("required");
  await expect(form.getByRole("textbox", { name: "Message" })).toHaveAttribute("required");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  // A product named in the URL is preselected, before the form wakes.
  await page.goto("/contact?product=esim");
  await expect(page.getByRole("combobox", { name: "Product (optional)" })).toHaveValue("esim");
  await expect(page.locator('site-island[data-island="contact-form"]')).not.toHaveAttribute("data-hydrated");
});

test("a lead whose fate a 502 left open is sent once more under its id; corrected after the failure it goes with a new id, and a reused id answered 409 is sent again with another", async ({
  page,
}) => {
  const ids: string[] = [];
  await page.route("**/api/send-contact-email", (route) => {
    const body = route.request().postDataJSON() as { submissionId: string };
    ids.push(body.submissionId);
    const answers = [
      { status: 502, body: { success: false, error: "Failed to send email" } },
      { status: 502, body: { success: false, error: "Failed to send email" } },
      {
        status: 409,
        body: {
          success: false,
          error: "This submission id was already used for a different lead: send it again with a new submission id",
        },
      },
      { status: 200, body: { success: true, data: { id: body.submissionId } } },
    ];
    const answer = answers[Math.min(ids.length - 1, answers.length - 1)] ?? answers[3];
    return route.fulfill({
      status: answer?.status,
      contentType: "application/json",
      body: JSON.stringify(answer?.body),
    });
  });
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Send Us a Message" });
  await form.getByRole("textbox", { name: "Full Name" }).fill("Asha Verma");
  await form.getByRole("textbox", { name: "Email Address" }).fill("asha@exmaple.org");
  await form.getByRole("textbox", { name: "Mobile Number" }).fill("+91 98765 43210");
  await form.getByRole("textbox", { name: "Subject" }).fill("Reseller pricing");
  await form.getByRole("textbox", { name: "Message" }).fill("Do you offer reseller pricing for eSIM?");
  await form.getByRole("button", { name: "Send Message" }).click();
  // Sent, answered 502, sent again by the form under the same id, answered 502 again: only then the failure.
  await expect.poll(() => ids.length).toBe(2);
  await expect(page.getByText("Failed to submit request. Please try again or contact us directly.")).toBeVisible();
  await form.getByRole("textbox", { name: "Email Address" }).fill("asha@example.org");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();
  expect(ids).toHaveLength(4);
  // The form sent the first lead again by itself under the same id; the corrected one under two new ones.
  expect(ids[1]).toBe(ids[0]);
  expect(new Set(ids).size).toBe(3);
});
