import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataExportSchema, latestDataExportSchema } from "../../schemas/data-export.ts";
import { idParams } from "../../schemas/params.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/**
 * "Download my data" (core/privacy): ask for a ZIP of everything of yours, see how the latest request is doing,
 * and download it while it works. Whose export may be downloaded is the core's: the asker's own, nobody else's
 * (404, as for one that does not exist).
 */
export const dataExportApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["accounts"];
  const signedIn = signedInRoutes(app, services, tags);
  signedIn.post(
    "/account/export",
    {
      summary:
        "Ask for a ZIP of your data; it is prepared on the job queue and you are notified when it is ready (409 while one is being prepared)",
      reply: dataExportSchema,
      status: 201,
    },
    (user) => services.privacy.requestExport(user),
  );
  signedIn.get(
    "/account/export",
    {
      summary: "Your latest data export: preparing, ready (with its download address, until it expires) or failed",
      reply: latestDataExportSchema,
    },
    async (user) => ({ export: await services.privacy.latestExport(user) }),
  );
  // A file, not JSON: a plain route that writes its own reply.
  app.get(
    "/account/export/:id/download",
    {
      schema: {
        tags,
        summary: "Your data export's ZIP (yours only; 404 once expired)",
        params: idParams,
        produces: ["application/zip"],
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      const file = await services.privacy.openExport(user, request.params.id);
      return reply
        .header("content-type", "application/zip")
        .header("content-length", String(file.size))
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "private, no-store")
        .send(file.stream);
    },
  );
};
