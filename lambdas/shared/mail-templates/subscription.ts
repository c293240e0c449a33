import { escapeHtml } from "./escape.ts";

export interface SubscriptionMailInput {
  siteName: string;
  siteUrl: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

/**
 * The double opt-in mail: one link to confirm, one to say no. Like the leads' acknowledgement it repeats nothing the
 * requester typed, so the box cannot be used to send someone a message of the sender's choosing.
 */
export function renderSubscriptionConfirmation({
  siteName,
  siteUrl,
  confirmUrl,
  unsubscribeUrl,
}: SubscriptionMailInput): { subject: string; html: string; text: string } {
  const intro = `Someone, hopefully you, asked to receive the ${siteName} newsletter at this address.`;
  const ignore =
    "If it was not you, ignore this e-mail: without a confirmation we will not write to you again, and the request is deleted after 30 days.";
  const html =
    '<!doctype html><html><head><meta charset="utf-8"></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:14px;line-height:1.5">' +
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">Confirm my subscription</a></p>` +
    `<p>${escapeHtml(ignore)}</p>` +
    `<p style="color:#6b7280;font-size:12px"><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteName)}</a> · <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>` +
    "</body></html>";
  const text = `${intro}\n\nConfirm your subscription:\n${confirmUrl}\n\n${ignore}\n\n--\n${siteName}\n${siteUrl}\nUnsubscribe: ${unsubscribeUrl}\n`;
  return { subject: `Confirm your subscription to the ${siteName} newsletter`, html, text };
}
