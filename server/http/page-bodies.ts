import type { Readable } from "node:stream";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import type { FastifyReply, FastifyRequest } from "fastify";
import { matchPath } from "react-router";
import { type Area, mayEnter } from "../../core/accounts/index.ts";
import { IMAGE_LIMITS } from "../../core/media/index.ts";
import { PHOTO_MESSAGES } from "../../schemas/advert-photos.ts";
import { BATTERY_REPORT_LIMITS } from "../../schemas/battery-report.ts";
import type { Services } from "../services.ts";
import { sessionUserOf } from "./session-cookies.ts";

const URLENCODED = "application/x-www-form-urlencoded";

/** A page form without files (a login, a booking, a report) fits in this many bytes. */
export const FORM_BYTES = 64 * 1024;

/** The pages whose forms carry images (encType="multipart/form-data"), and who may send them. */
const UPLOAD_PAGES: { path: string; area: Area }[] = [
  { path: "/dashboard/post/add", area: "seller" },
  { path: "/dashboard/post/edit/:id", area: "seller" },
  { path: "/dashboard/add/brand", area: "admin" },
  { path: "/dashboard/all/brands", area: "admin" },
  // A problem reported and the exchange on it carry photos: the order's buyer and seller (the core checks whose).
  { path: "/dashboard/orders/:id", area: "signed-in" },
];
const MAX_PHOTOS = 6;
const UPLOAD_BYTES = MAX_PHOTOS * IMAGE_LIMITS.maxBytes + BATTERY_REPORT_LIMITS.maxBytes + FORM_BYTES;

interface Limits {
  total: number;
  file: number;
  files: number;
}
// The advert form's photos and its battery report (schemas/battery-report.ts: 2 MB, within a photo's limit).
const MAX_FILES = MAX_PHOTOS + 1;
const SMALL: Limits = { total: FORM_BYTES, file: FORM_BYTES, files: MAX_FILES };
const UPLOAD: Limits = { total: UPLOAD_BYTES, file: IMAGE_LIMITS.maxBytes, files: MAX_FILES };

/** A refusal the error handler answers as `{ code, message }` with its status. */
class BodyRefused extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}
const unreadable = () => new BodyRefused(400, "BAD_REQUEST", "The form could not be read.");
const tooLarge = (message = "This form is too large.") => new BodyRefused(413, "PAYLOAD_TOO_LARGE", message);

/**
 * Reads a page's form body before React Router parses it, within limits: forms without files take
 * FORM_BYTES; multipart only where a form has a file field, and large only for the people who may use that
 * form — read as a stream, each photo counted as it arrives, so nothing bigger than allowed is ever held.
 * React Router then gets the body's bytes, already read.
 */
export function readPageBody(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const payload = request.body as Readable | undefined;
    if (request.method === "GET" || request.method === "HEAD") return;
    const type = request.headers["content-type"] ?? "";
    // No body at all (a bare POST to /logout): an empty form, which is what the actions expect to read.
    if (!payload?.pipe && !type) request.headers["content-type"] = URLENCODED;
    if (!payload?.pipe) return;
    try {
      if (!/^application\/x-www-form-urlencoded\b/i.test(type) && !/^multipart\/form-data\b/i.test(type)) {
        throw new BodyRefused(415, "UNSUPPORTED_MEDIA_TYPE", "Pages take forms (urlencoded or multipart).");
      }
      if (/^multipart\/form-data\b/i.test(type)) {
        const area = uploadArea(request.url);
        if (!area) throw new BodyRefused(415, "UNSUPPORTED_MEDIA_TYPE", "This form takes no files.");
        const limits = (await mayUpload(services, request, area)) ? UPLOAD : SMALL;
        checkLength(request, limits.total);
        request.body = await readMultipart(payload, type, limits);
      } else {
        checkLength(request, FORM_BYTES);
        request.body = await readBytes(payload, FORM_BYTES);
      }
    } catch (error) {
      // The rest of a refused body is not worth reading.
      if (error instanceof BodyRefused) reply.header("connection", "close");
      throw error;
    }
  };
}

/** Client navigations post to `/path.data`. */
function uploadArea(url: string): Area | undefined {
  const pathname = url.split("?")[0]?.replace(/\.data$/, "") ?? "";
  return UPLOAD_PAGES.find((page) => matchPath(page.path, pathname))?.area;
}

async function mayUpload(services: Services, request: FastifyRequest, area: Area) {
  const user = await sessionUserOf(services, request);
  return user !== null && mayEnter(user, area);
}

function checkLength(request: FastifyRequest, limit: number) {
  if (Number(request.headers["content-length"] ?? 0) > limit) throw tooLarge();
}

async function readBytes(payload: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The body's bytes, once busboy has seen every part within the limits (files are counted, not kept twice). */
function readMultipart(payload: Readable, contentType: string, limits: Limits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let busboy: BusboyInstance;
    try {
      busboy = new Busboy({
        headers: { "content-type": contentType },
        limits: { fileSize: limits.file, files: limits.files, fieldSize: FORM_BYTES, fields: 40, parts: 60 },
      });
    } catch {
      return reject(unreadable());
    }
    const fail = (error: Error) => {
      payload.unpipe(busboy);
      payload.resume();
      reject(error);
    };
    payload.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.total) fail(tooLarge());
      else chunks.push(chunk);
    });
    busboy.on("field", (_name, _value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(tooLarge());
    });
    busboy.on("file", (_name, stream) => {
      stream.on("limit", () => fail(tooLarge(PHOTO_MESSAGES.tooLarge)));
      stream.resume();
    });
    busboy.on("filesLimit", () => fail(tooLarge(`At most ${MAX_PHOTOS} photos.`)));
    busboy.on("partsLimit", () => fail(tooLarge()));
    busboy.on("fieldsLimit", () => fail(tooLarge()));
    busboy.on("error", () => fail(unreadable()));
    busboy.on("finish", () => resolve(Buffer.concat(chunks)));
    payload.on("error", reject);
    payload.pipe(busboy);
  });
}
