import * as z from "zod/mini";
import { text } from "./common.ts";

/** The package ids a visitor can request; also the installation form's select values. */
export const packageIds = ["basic", "android", "complete"] as const;

const installationPackageSchema = z.strictObject({
  id: z.enum(packageIds),
  name: text(),
  subtitle: text(),
  priceINR: z.number().check(z.int(), z.gt(0)),
  priceUSD: z.number().check(z.int(), z.gt(0)),
  popular: z._default(z.boolean(), false),
  features: z.array(text()).check(z.minLength(1)),
});
export type InstallationPackage = z.infer<typeof installationPackageSchema>;

/** content/installation-packages.yaml: the packages plus the notes printed with them. */
export const installationFileSchema = z.strictObject({
  gstPercent: z.number().check(z.gte(0), z.lte(100)),
  packages: z.array(installationPackageSchema).check(z.minLength(1)),
  includedInEvery: z.array(text()).check(z.minLength(1)),
  clientSupplies: z.array(text()).check(z.minLength(1)),
  promises: z.array(z.strictObject({ label: text(), value: text() })).check(z.minLength(1)),
});
