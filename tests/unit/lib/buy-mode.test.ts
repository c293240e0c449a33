import { describe, expect, test } from "vitest";
import { buyControlProps, buyMode } from "../../../src/lib/buy-mode.ts";

const option = (label: string, description?: string) => ({
  label,
  url: `https://market.example.com/${label}`,
  description,
});
const site = {
  marketplace: { name: "CodeCanyon", profileUrl: "https://market.example.com/user" },
  contact: {
    email: "hello@example.com",
    phone: "+91 00000 00000",
    whatsapp: "910000000000",
    supportUrl: "https://support.example.com",
    ticketPortalUrl: "https://support.example.com/new",
    callHours: "11 to 7",
    emailReply: "24 hours",
    whatsappReply: "1 day",
  },
};
const product = {
  id: "esim",
  name: "eSIM",
  sellDirectly: false,
  directSaleDescription: "",
  codecanyonUrl: "https://market.example.com/item/esim",
};

describe("buyMode", () => {
  test("a product sold directly opens the product inquiry dialog, whatever its options", () => {
    expect(buyMode({ sellDirectly: true })).toBe("dialog");
    expect(buyMode({ sellDirectly: true, purchaseOptions: [option("a"), option("b")] })).toBe("dialog");
  });

  test("a product with several purchase options shows the options dropdown", () => {
    expect(buyMode({ sellDirectly: false, purchaseOptions: [option("web"), option("app")] })).toBe("options");
  });

  test("a product with one option or none links to its marketplace page", () => {
    expect(buyMode({ sellDirectly: false })).toBe("marketplace");
    expect(buyMode({ sellDirectly: false, purchaseOptions: [] })).toBe("marketplace");
    expect(buyMode({ sellDirectly: false, purchaseOptions: [option("only")] })).toBe("marketplace");
  });
});

describe("buyControlProps", () => {
  test("carries the options, without empty descriptions, only in options mode", () => {
    const props = buyControlProps({ ...product, purchaseOptions: [option("web", "Website"), option("app")] }, site);
    expect(props.mode).toBe("options");
    expect(props.purchaseOptions).toEqual([
      { label: "web", url: "https://market.example.com/web", description: "Website" },
      { label: "app", url: "https://market.example.com/app" },
    ]);
    expect(
      buyControlProps({ ...product, sellDirectly: true, purchaseOptions: [option("a"), option("b")] }, site)
        .purchaseOptions,
    ).toEqual([]);
  });

  test("names the marketplace and links the product's marketplace page", () => {
    const props = buyControlProps(product, site, { size: "lg" });
    expect(props).toMatchObject({
      mode: "marketplace",
      marketplaceName: "CodeCanyon",
      marketplaceUrl: product.codecanyonUrl,
      size: "lg",
    });
  });

  test("puts the direct-sale description in the dialog of a product sold directly", () => {
    const props = buyControlProps({ ...product, sellDirectly: true, directSaleDescription: "Bought from us." }, site);
    expect(props).toMatchObject({ mode: "dialog", dialogDescription: "Bought from us.", productName: "eSIM" });
  });

  test("is plain JSON, as island props must be", () => {
    const props = buyControlProps({ ...product, purchaseOptions: [option("web"), option("app")] }, site);
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
  });
});
