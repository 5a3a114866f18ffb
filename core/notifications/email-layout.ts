import { CARRIER_ORIGINS } from "../../schemas/delivery.ts";
import { escapeHtml } from "./format.ts";
import type { EmailParts } from "./kinds.ts";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** The action's absolute URL (logged for kept emails, so a local user can follow a reset link). */
  firstLink?: string;
}

/**
 * One layout for every email, in the product's look (daisyUI's light theme: white card, the brand
 * wordmark, one primary button): an HTML part with inline styles (mail clients drop <style>) and a plain
 * text part, both from the same parts. No images, no tracking. Every value is escaped here, so a kind
 * cannot forget it. Links are absolute, from PUBLIC_URL, and only to this site — but for the listed links to a
 * parcel's tracking page at a carrier we know (schemas/delivery.ts), the one place off the site we send people.
 */
export function renderEmail(
  parts: EmailParts,
  { publicUrl, unsubscribeUrl }: { publicUrl: string; unsubscribeUrl?: string },
): RenderedEmail {
  const site = new URL(publicUrl);
  const absolute = (href: string, offSite: readonly string[] = []) => {
    const url = new URL(href, site);
    if (url.origin !== site.origin && !offSite.includes(url.origin)) {
      throw new Error(`an email links off this site: ${url.origin}`);
    }
    return url.toString();
  };
  const listed = (href: string) => absolute(href, CARRIER_ORIGINS);
  const action = parts.action && { label: parts.action.label, url: absolute(parts.action.href) };
  const home = site.toString();
  const e = escapeHtml;

  const facts = parts.facts?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:16px 0;border-collapse:collapse">${parts.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;color:#6b7280">${e(label)}</td><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;text-align:right;font-weight:600">${e(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const links = parts.links?.length
    ? `<ul style="margin:16px 0;padding:0;list-style:none">${parts.links
        .map(
          (l) =>
            `<li style="padding:8px 0;border-bottom:1px solid #e5e7eb"><a href="${e(listed(l.href))}" style="color:#422ad5;font-weight:600">${e(l.label)}</a><br><span style="color:#6b7280">${e(l.detail)}</span></li>`,
        )
        .join("")}</ul>`
    : "";
  const button = action
    ? `<p style="margin:24px 0"><a href="${e(action.url)}" style="display:inline-block;background:#422ad5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${e(action.label)}</a></p><p style="font-size:13px;color:#6b7280;word-break:break-all">Or open ${e(action.url)}</p>`
    : "";
  const footer = [
    `You receive this email because you have an account on <a href="${e(home)}" style="color:#6b7280">ReLaptop</a>.`,
    unsubscribeUrl
      ? ` <a href="${e(unsubscribeUrl)}" style="color:#6b7280">Stop emails like this one</a> (you will still see them in the app).`
      : "",
  ].join("");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;background:#f3f4f6"><tr><td style="padding:24px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px"><tr><td style="padding:28px">
<p style="margin:0 0 20px;font-size:22px;font-weight:700;letter-spacing:-0.02em;font-family:ui-rounded,'Segoe UI',system-ui,sans-serif">Re<span style="color:#422ad5">Laptop</span></p>
<h1 style="margin:0 0 12px;font-size:20px">${e(parts.heading)}</h1>
${parts.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${e(p)}</p>`).join("\n")}
${facts}${links}${button}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#6b7280;text-align:center">${footer}</p>
</td></tr></table>
</body></html>`;

  const width = Math.max(0, ...(parts.facts ?? []).map(([label]) => label.length));
  const text = [
    "ReLaptop",
    "",
    parts.heading,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    ...(parts.facts?.length
      ? [...parts.facts.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`), ""]
      : []),
    ...(parts.links ?? []).flatMap((l) => [`${l.label} (${l.detail})`, listed(l.href), ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    "--",
    `You receive this email because you have an account on ReLaptop (${home}).`,
    ...(unsubscribeUrl ? [`Stop emails like this one: ${unsubscribeUrl}`] : []),
    "",
  ].join("\n");

  return { subject: parts.subject, html, text, firstLink: action?.url };
}
