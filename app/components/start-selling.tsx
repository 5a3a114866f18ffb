import { Form, useNavigation } from "react-router";
import { busySubmit } from "../lib/use-focus-landing.ts";

/** What starting to sell does to a buyer's account, said where it is offered (Add Advertisement, Profile). */
export const START_SELLING_TEXT =
  "Sell from this account: it becomes a seller account acting as a seller, and keeps your orders, favourites and messages. Switch between Seller and User in the account menu whenever you like.";

/** "Start selling": a plain form post (routes/start-selling.tsx), then Add Advertisement unless told otherwise. */
export function StartSellingForm({ redirectTo }: { redirectTo?: string }) {
  const busy = useNavigation().formAction === "/account/start-selling";
  return (
    <Form method="post" action="/account/start-selling">
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <button type="submit" className="btn btn-primary" {...busySubmit(busy)}>
        Start selling
      </button>
    </Form>
  );
}
