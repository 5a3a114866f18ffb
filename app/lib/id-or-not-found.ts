import { AppError } from "../../core/errors.ts";
import { idFromPath } from "../../schemas/params.ts";

/**
 * The id a page's path or form names, checked at the edge: anything that cannot be an id is the domain's
 * not-found (`missing`), as for an id that names nothing, and the core is never asked about it.
 */
export function idOrNotFound(value: string | undefined, missing: string): string {
  const id = idFromPath(value);
  if (!id) throw new AppError("NOT_FOUND", missing);
  return id;
}
