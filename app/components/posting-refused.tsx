import { Form, Link } from "react-router";
import type { PostingRefusal } from "../../schemas/roles.ts";
import { START_SELLING_TEXT, StartSellingForm } from "./start-selling.tsx";

const POST_ADD = "/dashboard/post/add";

/**
 * Add Advertisement for someone who may not post: why, and the one thing to do about it, instead of
 * being sent home (a seller acting as a user switches back and returns here; a buyer starts selling from
 * the same account and comes back here as a seller; an admin goes back to the dashboard).
 */
export function PostingRefused({ reason }: { reason: PostingRefusal }) {
  return (
    <div role="status" className="flex max-w-prose flex-col items-start gap-4">
      {reason === "actingAsUser" && (
        <>
          <p>You are acting as a user right now. Switch to seller mode to post a laptop for sale.</p>
          <Form method="post" action="/account/mode">
            <input type="hidden" name="mode" value="seller" />
            <input type="hidden" name="redirectTo" value={POST_ADD} />
            <button type="submit" className="btn btn-primary">
              Switch to seller mode
            </button>
          </Form>
        </>
      )}
      {reason === "buyer" && (
        <>
          <p>Laptops are posted from seller accounts, and yours is a buyer account. {START_SELLING_TEXT}</p>
          <StartSellingForm redirectTo={POST_ADD} />
        </>
      )}
      {reason === "admin" && (
        <>
          <p>
            Admin accounts manage brands, sellers and buyers; they do not post laptops. To sell one, use a seller
            account.
          </p>
          <Link to="/dashboard" className="btn btn-primary">
            Back to the Dashboard
          </Link>
        </>
      )}
    </div>
  );
}
