import sharp from "sharp";
import type { Client } from "./http.ts";

type FilePart = { name: string; data: Buffer };

/** A multipart/form-data body for app.inject, from fields and files (a list: the field repeated, as a multiple input). */
export function multipart(
  fields: Record<string, string | string[]>,
  files: Record<string, FilePart | FilePart[]> = {},
) {
  const boundary = `----relaptop${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x]))) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((f) => [k, f] as const),
  )) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const pngBytes = (color = "#c33") =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

/** Posts the Add Advertisement form as a browser does (multipart), with `photo` as its one photo if given. */
export function postAdvertForm(who: Client, fields: Record<string, string>, photo?: Buffer) {
  const body = multipart(fields, photo ? { photos: { name: "p.png", data: photo } } : {});
  return who.raw("POST", "/api/adverts", body.payload, body.headers);
}

/** The Add Advertisement form's required fields, filled in (a ThinkPad in Sylhet), with `over` on top. */
export const advertFormFields = (brandId: string, over: Record<string, string | string[]> = {}) => ({
  name: "ThinkPad X1",
  brandId,
  originalPrice: "1400",
  resalePrice: "800",
  yearsOfUse: "2",
  location: "Sylhet",
  mobile: "01712345678",
  description: "Works perfectly.",
  condition: "good",
  ...over,
});

/**
 * Posts the advert form (with a photo) as a browser does, or with `id` saves that advert's edit form (its photos
 * kept); `files` adds other file fields (a battery report).
 */
export async function sendAdvertForm(
  who: Client,
  fields: Record<string, string | string[]>,
  { id, files = {} }: { id?: string; files?: Record<string, FilePart> } = {},
) {
  const body = multipart(fields, { ...(!id && { photos: { name: "p.png", data: await pngBytes() } }), ...files });
  return who.raw(id ? "PUT" : "POST", id ? `/api/adverts/${id}` : "/api/adverts", body.payload, body.headers);
}
