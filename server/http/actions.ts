import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Area, SessionUser } from "../../core/accounts/index.ts";
import { idParams } from "../../schemas/params.ts";
import type { Services } from "../services.ts";
import { errorResponses } from "./errors.ts";
import { requireUser } from "./guard.ts";
import { multipartValidator, parseBody } from "./multipart.ts";

/** The instance an API plugin is given. */
export type ApiApp = Parameters<FastifyPluginAsyncZod>[0];

type Method = "POST" | "PUT" | "DELETE";
type BodyOf<Body> = Body extends z.ZodType ? z.output<Body> : undefined;

export interface ActionSpec<Params extends z.ZodType, Body extends z.ZodType | undefined> {
  summary: string;
  /** Who may (requireUser's area): anyone signed in unless said. */
  area?: Area;
  /** The thing acted on, from the path: `{ id }` (a UUID) unless said. */
  params?: Params;
  /** The JSON body; with `form`, what the multipart form's fields are read with once the person is known. */
  body?: Body;
  /** A multipart form (photos), as the OpenAPI document describes it: read as `body` in the handler. */
  form?: z.ZodType;
  /** 204 (done), or 201 where the action files something new that is not shown back (a report). */
  status?: 201 | 204;
}

/**
 * Most of the API's changes are an action on one thing named in the path, by a signed-in person (of a role),
 * answered with no body: dismiss, approve, remove, block, delete. Each was eleven lines of the same route
 * declaration; here it is said once — the plugin's tags, the session and role check (401 / 403) before
 * anything else, the error replies in the OpenAPI document, the empty answer — and a route says only its
 * address, its summary, who may, and the core's verb it calls.
 */
export function signedInActions(app: ApiApp, services: Services, tags: string[]) {
  const action =
    (method: Method) =>
    <Params extends z.ZodType = typeof idParams, Body extends z.ZodType | undefined = undefined>(
      url: string,
      { summary, area = "signed-in", params, body, form, status = 204 }: ActionSpec<Params, Body>,
      act: (user: SessionUser, params: z.output<Params>, body: BodyOf<Body>) => Promise<unknown>,
    ) =>
      app.route({
        method,
        url,
        schema: {
          tags,
          summary,
          ...(form && { consumes: ["multipart/form-data"] }),
          params: params ?? idParams,
          ...((form ?? body) && { body: form ?? body }),
          response: { [status]: z.null(), ...errorResponses },
        },
        ...(form && { validatorCompiler: multipartValidator }),
        handler: async (request, reply) => {
          const user = await requireUser(services, request, area);
          const input = form && body ? parseBody(body, request.body) : request.body;
          await act(user, request.params as z.output<Params>, input as BodyOf<Body>);
          return reply.status(status).send(null);
        },
      });
  return { post: action("POST"), put: action("PUT"), delete: action("DELETE") };
}
