import { createContext, useContext } from "react";
import type { TypedValues } from "./forms.server.ts";
import { usePageAnswer } from "./use-form-answer.ts";

/** Which of a page's forms alike the fields inside are in: the item its refusals name (refusalFor). */
export const FormItem = createContext<string | undefined>(undefined);

/**
 * What was typed into the form the page's answer refused (typedValues), for its fields to be drawn with again:
 * a post without JavaScript comes back as a whole new page. With JavaScript the fields never went away, and
 * drawing them with what they already hold changes nothing. A form among forms alike takes only its own item's.
 */
export function useTypedValues(item?: string): TypedValues | undefined {
  const scope = useContext(FormItem);
  return usePageAnswer(item ?? scope)?.values;
}

/** One field's typed text, if the page's answer gave it back (`item`: a form that is not inside its FormItem). */
export function useTypedValue(name: string, item?: string): string | undefined {
  const typed = useTypedValues(item)?.[name];
  return typeof typed === "string" ? typed : undefined;
}

/**
 * Whether a box starts ticked: as the refused post had it (a box left unticked is not posted at all), else as the
 * page has it (`own`).
 */
export function useTicked(): (name: string, value: string, own?: boolean) => boolean | undefined {
  const typed = useTypedValues();
  return (name, value, own) => (typed ? [typed[name]].flat().includes(value) : own);
}
