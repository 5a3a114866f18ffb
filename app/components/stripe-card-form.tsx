import type { Stripe, StripeElements } from "@stripe/stripe-js";
// The "pure" entry loads Stripe.js only when a Stripe form is shown, never on other pages.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";

/**
 * Stripe Elements: the card never touches our server. After Stripe confirms the payment in
 * the browser, the page asks our server to settle it; the server checks with Stripe itself.
 */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  serverError,
}: {
  publishableKey: string;
  clientSecret: string;
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
        const elements = stripe.elements({ clientSecret });
        elements.create("payment").mount(mount.current);
        setReady({ stripe, elements });
      })
      .catch(() => setError("The card form could not be loaded. Check your connection and reload the page."));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setProcessing(true);
    setError(null);
    const result = await ready.stripe.confirmPayment({
      elements: ready.elements,
      redirect: "if_required",
      confirmParams: { return_url: window.location.href },
    });
    if (result.error) {
      setError(result.error.message ?? "Your card could not be charged.");
      setProcessing(false);
      return;
    }
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
