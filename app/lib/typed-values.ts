import { createContext, useContext } from "react";
import { useActionData } from "react-router";
import type { ActionErrors, TypedValues } from "./forms.server.ts";

/** Which of a page's forms alike the fields inside are in: the item its refusals name (refusalFor). */
export const FormItem = createContext<string | undefined>(undefined);

/**
 * What was typed into the form the page's answer refused (typedValues), for its fields to be drawn with again:
 * a post without JavaScript comes back as a whole new page. With JavaScript the fields never went away, and
 * drawing them with what they already hold changes nothing. A form among forms alike takes only its own item's.
 */
export function useTypedValues(item?: string): TypedValues | undefined {
  const answer = useActionData() as ActionErrors | undefined;
  const scope = useContext(FormItem);
  if (!answer || typeof answer !== "object" || !answer.values) return undefined;
  return answer.item === (item ?? scope) ? answer.values : undefined;
}

/** One field's typed text, if the page's answer gave it back (`item`: a form that is not inside its FormItem). */
export function useTypedValue(name: string, item?: string): string | undefined {
  const typed = useTypedValues(item)?.[name];
  return typeof typed === "string" ? typed : undefined;
}
