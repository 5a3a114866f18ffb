import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Area, SessionUser } from "../../core/accounts/index.ts";
import { idParams } from "../../schemas/params.ts";
import type { Services } from "../services.ts";
import { errorResponses } from "./errors.ts";
import { requireUser } from "./guard.ts";
import { multipartValidator, parseBody } from "./multipart.ts";
import { webHeaders } from "./web.ts";

/** The instance an API plugin is given. */
type ApiApp = Parameters<FastifyPluginAsyncZod>[0];

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Schema = z.ZodType | undefined;
/** What a request part was read as: its schema's output, or nothing known where the route has none. */
type Read<S extends Schema> = S extends z.ZodType ? z.output<S> : unknown;

interface Operation<Params extends Schema, Query extends Schema, Body extends Schema> {
  summary: string;
  description?: string;
  /** Who may (requireUser's area): anyone signed in unless said. */
  area?: Area;
  params?: Params;
  querystring?: Query;
  /** The JSON body; with `form`, what the multipart form's fields are read with once the person is known. */
  body?: Body;
  /** A multipart form (photos), as the OpenAPI document describes it: read as `body` in the handler. */
  form?: z.ZodType;
}

interface AnswerSpec<Params extends Schema, Query extends Schema, Body extends Schema, Reply extends z.ZodType>
  extends Operation<Params, Query, Body> {
  /** What it answers, 200 unless `status` says 201 (made). */
  reply: Reply;
  status?: 200 | 201 | 204;
}

interface ActionSpec<Params extends Schema, Body extends Schema> extends Operation<Params, undefined, Body> {
  /** 204 (done), or 201 where the action files something new that is not shown back (a report). */
  status?: 201 | 204;
}

/**
 * Nearly every API operation is a signed-in person's (of a role): it carries its plugin's tags and the error
 * replies in the OpenAPI document, checks the session and role before anything else (401 / 403, requireUser),
 * and hands the person and the request's checked parts to one core function. That is said once, here; a route
 * says its address, its summary, who may, what it reads and answers, and the core's verb:
 *
 * - `get`, `post`, `put`, `delete`: answered with what the handler returns (`reply`, 200 or `status`);
 * - `action.post`, `.put`, `.delete`: an action on one thing named in the path (`{ id }` unless `params` says),
 *   answered with no body (204, or 201 for a report): dismiss, approve, remove, block, delete, an order's steps.
 *
 * Operations anyone may call, and the few that write their own reply (a CSV, an HTML page), stay plain routes.
 */
export function signedInRoutes(app: ApiApp, services: Services, tags: string[]) {
  const answer =
    (method: Method) =>
    <
      Reply extends z.ZodType,
      Params extends Schema = undefined,
      Query extends Schema = undefined,
      Body extends Schema = undefined,
    >(
      url: string,
      spec: AnswerSpec<Params, Query, Body, Reply>,
      handle: (
        user: SessionUser,
        request: { params: Read<Params>; query: Read<Query>; body: Read<Body>; headers: Headers },
      ) => z.input<Reply> | Promise<z.input<Reply>>,
    ) => {
      const { summary, description, area = "signed-in", params, querystring, body, form, reply, status = 200 } = spec;
      const schema = {
        tags,
        summary,
        description,
        consumes: form && ["multipart/form-data"],
        params,
        querystring,
        body: form ?? body,
        response: { [status]: reply, ...errorResponses },
      };
      app.route({
        method,
        url,
        // Only the parts the route has: Fastify warns of a part named without a schema.
        schema: Object.fromEntries(Object.entries(schema).filter(([, part]) => part !== undefined)),
        ...(form && { validatorCompiler: multipartValidator }),
        handler: async (request, reply) => {
          const user = await requireUser(services, request, area);
          const read = {
            params: request.params as Read<Params>,
            query: request.query as Read<Query>,
            body: (form && body ? parseBody(body, request.body) : request.body) as Read<Body>,
            // The few operations about the asking session itself read its cookie (Where you're signed in): built
            // only for them.
            get headers() {
              return webHeaders(request);
            },
          };
          const answered = await handle(user, read);
          return status === 200 ? answered : reply.status(status).send(answered);
        },
      });
    };
  const action =
    (method: Method) =>
    <Params extends Schema = typeof idParams, Body extends Schema = undefined>(
      url: string,
      { params, status = 204, ...spec }: ActionSpec<Params, Body>,
      act: (user: SessionUser, params: Read<Params>, body: Read<Body>) => Promise<unknown>,
    ) =>
      answer(method)(url, { ...spec, params: params ?? idParams, reply: z.null(), status }, async (user, request) => {
        await act(user, request.params as Read<Params>, request.body);
        return null;
      });
  return {
    get: answer("GET"),
    post: answer("POST"),
    put: answer("PUT"),
    delete: answer("DELETE"),
    action: { post: action("POST"), put: action("PUT"), delete: action("DELETE") },
  };
}
