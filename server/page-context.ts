import type { Services as ServerServices } from "./services.ts";

// The pages' context carries these services (server/app.ts puts them there): app/context.ts declares their type
// empty and this fills it in, so the pages read its shape without importing the server.
declare module "../app/context.ts" {
  interface Services extends ServerServices {}
}
