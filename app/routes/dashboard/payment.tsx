import { data, Form, Link, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { ORDER_NOT_FOUND, orderNotFound } from "../../../core/orders/index.ts";
import { totalCents } from "../../../schemas/delivery-labels.ts";
import { MESSAGES } from "../../../schemas/messages.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { cardSchema, ORDER_STATUS_LABELS } from "../../../schemas/orders.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { checkedForm, TextField } from "../../components/form-field.tsx";
import { StripeCardForm } from "../../components/stripe-card-form.tsx";
import { type ActionErrors, appErrorData, validateForm } from "../../lib/forms.server.ts";
import { loadOrRedirect } from "../../lib/load-or-redirect.server.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { useValidatedForm } from "../../lib/use-validated-form.ts";
import type { Route } from "./+types/payment";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { orders } = context.get(appContext).services;
  const orderId = idFromPath(params.orderId);
  if (!orderId) throw notFound(ORDER_NOT_FOUND);
  return loadOrRedirect(context, () => orders.checkout(user, orderId));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { orders } = context.get(appContext).services;
  const orderId = idFromPath(params.orderId);
  if (!orderId) return appErrorData(orderNotFound());
  const form = await request.formData();
  if (form.get("intent") === "settle") {
    // Stripe confirmed in the browser; the server asks Stripe before recording anything.
    try {
      const status = await orders.settleIntent(String(form.get("intentId")), { buyer: user, orderId });
      if (status === "pending")
        return data<ActionErrors>({
          formError: "Your bank is still confirming the payment. This page will show Paid once it has.",
        });
    } catch (error) {
      return appErrorData(error);
    }
    return redirectWithToast(context, "/dashboard/my/orders", {
      type: "success",
      message: MESSAGES.toast.paymentSuccessful,
    });
  }
  const parsed = validateForm(form, cardSchema);
  if (parsed.error) return parsed.error;
  const { cardNumber, expiry, cvc, attemptKey } = parsed.value;
  try {
    await orders.pay(user, orderId, { number: cardNumber, expiry, cvc }, attemptKey);
  } catch (error) {
    return appErrorData(error);
  }
  return redirectWithToast(context, "/dashboard/my/orders", {
    type: "success",
    message: MESSAGES.toast.paymentSuccessful,
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Payment for ${loaderData.order.productName} — ReLaptop` : "Payment — ReLaptop" },
];

export default function Payment({ loaderData: { order, payWith }, actionData }: Route.ComponentProps) {
  const form = useValidatedForm(cardSchema, actionData);
  const processing = useNavigation().state !== "idle";
  return (
    <section className="max-w-lg">
      <h1 className="mb-2 text-3xl font-bold">Payment for {order.productName}</h1>
      {!payWith ? (
        <div className="flex flex-col gap-3">
          <p className="text-lg">
            This order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}: there is nothing to pay.
          </p>
          <Link to="/dashboard/my/orders" className="btn">
            Back to My Orders
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-6 text-lg">
            Please pay <strong>{formatPrice(totalCents(order))}</strong> for confirm this order!
            {order.shippingCents > 0 && (
              <span className="block text-base">
                {formatPrice(order.priceCents)} for the laptop and {formatPrice(order.shippingCents)} for shipping.
              </span>
            )}
          </p>
          {payWith.form === "stripe" ? (
            <StripeCardForm
              publishableKey={payWith.publishableKey}
              orderId={order.id}
              amountCents={totalCents(order)}
              serverError={actionData?.formError}
            />
          ) : (
            <Form {...checkedForm(form)} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3">
                <p className="alert alert-info text-sm" role="note">
                  Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC. 4000
                  0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.
                </p>
                <input type="hidden" name="attemptKey" value={payWith.attemptKey} />
                <TextField
                  label="Card number"
                  name="cardNumber"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  error={form.errors.cardNumber}
                />
                <div className="grid grid-cols-2 gap-3">
                  <TextField
                    label="Expiry date (MM / YY)"
                    name="expiry"
                    autoComplete="cc-exp"
                    placeholder="12 / 30"
                    error={form.errors.expiry}
                  />
                  <TextField
                    label="CVC"
                    name="cvc"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    error={form.errors.cvc}
                  />
                </div>
                {(form.errors.card || form.formError) && (
                  <p role="alert" className="text-sm text-error">
                    {form.errors.card ?? form.formError}
                  </p>
                )}
                <button type="submit" className="btn btn-primary" disabled={processing}>
                  {processing ? "Processing…" : "Pay"}
                </button>
              </div>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
