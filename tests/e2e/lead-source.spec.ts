import type { Page } from "@playwright/test";
import { createDynamoLeadStore } from "../../lambdas/shared/lead-store.ts";
import { LOCAL_LEADS_TABLE, localDynamoClient } from "../../server/local-dynamo.ts";
import { DYNAMO_URL, expect, SES_URL, test, withMeasurementId } from "./fixtures.ts";

/**
 * The visit's source end to end, through `npm start`'s stack: what brought the visitor travels with the lead (kept on the device
 * for the session only with analytics consent), and the conversions reach the data layer when the site has a
 * measurement id.
 */
const POST = "/blog/launch-astrology-consultation-app";
const CAMPAIGN = "utm_source=newsletter&utm_medium=email&utm_campaign=nov";
const NOW = new Date("2026-11-20T10:00:00.000Z");
const store = createDynamoLeadStore({
  tableName: LOCAL_LEADS_TABLE,
  region: "us-east-1",
  client: localDynamoClient(DYNAMO_URL),
});

interface StoredMail {
  replyTo: string[];
  body: { text?: string; html?: string };
}

/** A stored consent record for every page of the test, set before any script of the page runs. */
async function consent(page: Page, analytics: boolean): Promise<void> {
  await page.addInitScript(
    ([analytics, timestamp]) => {
      const preferences = { analytics, functional: false, marketing: false };
      localStorage.setItem("cookie-consent", JSON.stringify({ preferences, timestamp, version: "1.0" }));
    },
    [analytics, NOW.toISOString()] as const,
  );
}

/** The GA4 events in the data layer, each as [name, params]. */
const events = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((command) => command[0] === "event")
      .map((command) => command.slice(1)),
  );

/** Everything the site keeps on the device: both storages and the cookies. */
const onDevice = async (page: Page) => ({
  local: await page.evaluate(() => ({ ...localStorage })),
  session: await page.evaluate(() => ({ ...sessionStorage })),
  cookies: (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`),
});

/** Fills and sends the /contact form; returns the lead's submission id from the request. */
async function sendContact(page: Page, email: string): Promise<string> {
  const form = page.getByRole("region", { name: "Send Us a Message" });
  await form.getByRole("textbox", { name: "Full Name" }).fill("Asha Verma");
  await form.getByRole("textbox", { name: "Email Address" }).fill(email);
  await form.getByRole("textbox", { name: "Mobile Number" }).fill("+91 98765 43210");
  await form.getByRole("combobox", { name: "Product (optional)" }).selectOption("astroway");
  await form.getByRole("textbox", { name: "Subject" }).fill("Astroway for my practice");
  await form.getByRole("textbox", { name: "Message" }).fill("I read your article and would like a demo of Astroway.");
  // A person takes more than 2 seconds; a faster form would go to the spam folder.
  await page.clock.runFor(3_000);
  const request = page.waitForRequest("**/api/send-contact-email");
  await form.getByRole("button", { name: "Send Message" }).click();
  return ((await request).postDataJSON() as { submissionId: string }).submissionId;
}

async function vendorMail(email: string): Promise<string> {
  let text = "";
  await expect
    .poll(async () => {
      const { emails } = (await (await fetch(`${SES_URL}/store`)).json()) as { emails: StoredMail[] };
      text = emails.find((mail) => mail.replyTo.includes(email))?.body.text ?? "";
      return text;
    })
    .toContain("Source:");
  return text;
}

const storedLead = async (id: string) => {
  await expect.poll(async () => (await store.get(id))?.status).toMatch(/mailed|acknowledged/);
  return (await store.get(id))?.lead ?? {};
};

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: NOW });
});

test.describe("the source of a lead", () => {
  test("with analytics consent, a lead sent later from /contact carries the campaign and landing page of the session's first page", async ({
    page,
    consoleErrors,
  }) => {
    await consent(page, true);
    await page.goto(`${POST}?${CAMPAIGN}`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const email = `source-consent-${Date.now()}@example.org`;
    const id = await sendContact(page, email);
    await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();

    expect(await storedLead(id)).toMatchObject({
      email,
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "nov",
      landingPath: POST,
    });
    expect(await vendorMail(email)).toMatch(new RegExp(`^Source: +newsletter / email / nov, landed on ${POST}$`, "m"));
    expect((await onDevice(page)).session["lead-source"]).toBeDefined();
    // No measurement id on this site: nothing but the consent commands reaches the data layer.
    expect(await events(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("without analytics consent, the same journey stores nothing on the device and the lead carries only what /contact's URL had", async ({
    page,
  }) => {
    await consent(page, false);
    await page.goto(`${POST}?${CAMPAIGN}`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const email = `source-no-consent-${Date.now()}@example.org`;
    const id = await sendContact(page, email);
    await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();

    const lead = await storedLead(id);
    for (const field of ["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent", "referrer", "landingPath"])
      expect(lead, field).not.toHaveProperty(field);
    expect(await vendorMail(email)).toMatch(/^Source: +direct$/m);

    const device = await onDevice(page);
    expect(Object.keys(device.local)).toEqual(["cookie-consent"]);
    expect(device.session).toEqual({});
    expect(device.cookies).toEqual([]);
  });

  test("without analytics consent, a lead sent from the page the visitor landed on carries that page's parameters and referrer", async ({
    page,
  }) => {
    await consent(page, false);
    await page.goto("/contact?utm_source=google&utm_medium=cpc&utm_campaign=spring-sale&ref=ignored", {
      referer: "https://www.google.com/search?q=astroway",
    });
    const email = `source-landing-${Date.now()}@example.org`;
    const id = await sendContact(page, email);
    const lead = await storedLead(id);
    expect(lead).toMatchObject({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring-sale",
      referrer: "www.google.com",
      landingPath: "/contact",
    });
    expect(lead).not.toHaveProperty("ref");
    expect(await vendorMail(email)).toMatch(
      /^Source: +google \/ cpc \/ spring-sale, landed on \/contact, from www\.google\.com$/m,
    );
    expect(await onDevice(page)).toMatchObject({ session: {}, cookies: [] });
  });

  test("accepting analytics on the landing page keeps that page's source; Cookie Settings forgets it", async ({
    page,
  }) => {
    await page.goto(`${POST}?${CAMPAIGN}`);
    expect((await onDevice(page)).session).toEqual({});
    await page
      .getByRole("region", { name: "We Value Your Privacy" })
      .getByRole("button", { name: "Accept All" })
      .click();
    await expect
      .poll(async () => JSON.parse((await onDevice(page)).session["lead-source"] ?? "null"))
      .toEqual({ utmSource: "newsletter", utmMedium: "email", utmCampaign: "nov", landingPath: POST });
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Cookie Settings" }).click()]);
    expect((await onDevice(page)).session).toEqual({});
  });

  test("a parameter of 5,000 characters or with control characters is dropped, and the lead still arrives", async ({
    page,
  }) => {
    await consent(page, true);
    const long = "x".repeat(5_000);
    await page.goto(`/contact?utm_source=partner&utm_campaign=${long}&utm_term=a%07b&utm_content=line%0D%0ABcc`);
    const email = `source-bad-${Date.now()}@example.org`;
    const id = await sendContact(page, email);
    await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();
    const lead = await storedLead(id);
    expect(lead).toMatchObject({ utmSource: "partner", landingPath: "/contact" });
    for (const field of ["utmCampaign", "utmTerm", "utmContent"]) expect(lead, field).not.toHaveProperty(field);
    expect(JSON.stringify(await onDevice(page))).not.toContain(long);
  });

  test("a source value sent straight to the API that breaks the rules is dropped, and the lead is stored", async ({
    request,
  }) => {
    const answer = await request.post("/api/send-contact-email", {
      data: {
        name: "Asha Verma",
        email: `source-api-${Date.now()}@example.org`,
        mobile: "+91 98765 43210",
        subject: "Hello",
        message: "A message long enough to pass.",
        elapsedMs: 5_000,
        website: "",
        utmSource: "x".repeat(5_000),
        utmMedium: "email\u0000",
        utmCampaign: "nov",
        referrer: "not a host",
      },
    });
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { id: string } };
    const lead = await storedLead(data.id);
    expect(lead).toMatchObject({ utmCampaign: "nov" });
    for (const field of ["utmSource", "utmMedium", "referrer"]) expect(lead, field).not.toHaveProperty(field);
  });
});

test.describe("conversions in the data layer (site with a measurement id)", () => {
  test("a stored lead pushes generate_lead with the form and product and no personal data; a failed one pushes nothing", async ({
    page,
  }) => {
    await withMeasurementId(page);
    await consent(page, true);
    let fail = true;
    await page.route("**/api/send-contact-email", (route) =>
      fail
        ? route.fulfill({
            status: 502,
            contentType: "application/json",
            body: JSON.stringify({ success: false, error: "Failed to send email" }),
          })
        : route.fallback(),
    );
    await page.goto("/contact");
    const email = `source-event-${Date.now()}@example.org`;
    await sendContact(page, email);
    await expect(page.getByText("Failed to submit request. Please try again or contact us directly.")).toBeVisible();
    expect(await events(page)).toEqual([]);

    fail = false;
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();
    expect(await events(page)).toEqual([["generate_lead", { form_name: "contact", product_id: "astroway" }]]);
    const layer = await page.evaluate(() =>
      JSON.stringify((window.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>))),
    );
    for (const personal of [email, "Asha", "98765"]) expect(layer).not.toContain(personal);
  });

  test("a click on a marketplace buy link pushes select_item with the product", async ({ page }) => {
    await withMeasurementId(page);
    await page.route("https://codecanyon.example.com/**", (route) => route.fulfill({ body: "marketplace" }));
    await page.goto("/products/whatsway");
    const popup = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Buy on CodeCanyon" }).first().click();
    await (await popup).close();
    expect(await events(page)).toEqual([["select_item", { items: [{ item_id: "whatsway", item_name: "Whatsway" }] }]]);
  });

  test("the press that confirms a subscription pushes sign_up once, and a reload or the other newsletter pages nothing", async ({
    page,
    consoleErrors,
  }) => {
    await withMeasurementId(page);
    await page.goto("/newsletter/confirmed?new");
    expect(await events(page)).toEqual([["sign_up", { method: "newsletter" }]]);
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
    await page.reload();
    expect(await events(page)).toEqual([]);
    await page.goto("/newsletter/check-your-inbox");
    expect(await events(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("without a measurement id, a buy-link click and the confirmed page push no event", async ({ page }) => {
    await page.route("https://codecanyon.example.com/**", (route) => route.fulfill({ body: "marketplace" }));
    await page.goto("/products/whatsway");
    const popup = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Buy on CodeCanyon" }).first().click();
    await (await popup).close();
    expect(await events(page)).toEqual([]);
    await page.goto("/newsletter/confirmed?new");
    expect(await events(page)).toEqual([]);
  });
});
