/**
 * Browser features no page here uses; a script injected despite the CSP cannot reach them either. Only
 * features Chromium knows: it warns in the console of every page about any other (ambient-light-sensor,
 * bluetooth).
 */
const DENIED = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/** The Permissions-Policy header: payment only for this site and Stripe's card form, when Stripe takes cards. */
export function permissionsPolicy(stripe: boolean): string {
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : "payment=()";
  return [...DENIED.map((feature) => `${feature}=()`), payment].join(", ");
}
