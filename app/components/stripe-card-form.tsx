import type { Stripe, StripeElements } from "@stripe/stripe-js";
// The "pure" entry loads Stripe.js only when a Stripe form is shown, never on other pages.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";

/**
 * Stripe Elements: the card never touches our server. The form is shown before any payment intent
 * exists (Stripe's deferred intent mode); pressing Pay asks our server to hold the laptop and create
 * the order's one intent, then Stripe confirms it in the browser, then the page asks our server to
 * settle it — the server checks with Stripe itself.
 */
export function StripeCardForm({
  publishableKey,
  orderId,
  amountCents,
  serverError,
}: {
  publishableKey: string;
  orderId: string;
  amountCents: number;
  serverError?: string;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const submit = useSubmit();

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !stripe || !mount.current) return;
        const elements = stripe.elements({ mode: "payment", amount: amountCents, currency: "usd" });
        elements.create("payment").mount(mount.current);
        setReady({ stripe, elements });
      })
      .catch(() => setError("The card form could not be loaded. Check your connection and reload the page."));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, amountCents]);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setProcessing(true);
    setError(null);
    const fail = (message: string) => {
      setError(message);
      setProcessing(false);
    };
    const checked = await ready.elements.submit();
    if (checked.error) return fail(checked.error.message ?? "Check your card details.");
    // Now, and not when the page was shown, the laptop is held for this order.
    const started = await fetch(`/api/orders/${orderId}/payment-intent`, { method: "POST" }).catch(() => null);
    const body = (await started?.json().catch(() => null)) as {
      status?: "requires_payment" | "paid";
      clientSecret?: string;
      message?: string;
    } | null;
    if (!started?.ok || !body) return fail(body?.message ?? "Your payment could not be started. Try again.");
    if (body.status === "paid" || !body.clientSecret) {
      window.location.assign("/dashboard/my/orders");
      return;
    }
    const result = await ready.stripe.confirmPayment({
      elements: ready.elements,
      clientSecret: body.clientSecret,
      redirect: "if_required",
      confirmParams: { return_url: window.location.href },
    });
    if (result.error) return fail(result.error.message ?? "Your card could not be charged.");
    submit({ intent: "settle", intentId: result.paymentIntent.id }, { method: "post" });
  }

  const message = error ?? serverError;
  return (
    <form onSubmit={pay} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <div ref={mount} />
        {message && (
          <p role="alert" className="text-sm text-error">
            {message}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={!ready || processing}>
          {processing ? "Processing…" : "Pay"}
        </button>
      </div>
    </form>
  );
}
