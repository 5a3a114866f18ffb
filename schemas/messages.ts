/**
 * Every user-facing message the spec names, word for word (typos included:
 * they are the product owner's text). Forms, toasts and the server all read them from here.
 */
export const MESSAGES = {
  toast: {
    signedOut: "Successfully Signed Out!",
    loggedIn: "Successfully login!",
    forbidden: "This route is forbidden for you!",
    nowSeller: "You are seller now!",
    nowUser: "You are User now!",
    sellerVerified: "Seller Verified!",
    advertised: "Your product added on advertisement section!",
    bookingConfirmed: "Your booking is confirmed!",
    paymentSuccessful: "Congratulations! your payment successful.",
  },
  page: {
    notFound: "Oops! Sorry we couldn't found this route",
    error: "Something went wrong!",
    emptyCategory: "No Products To Show!",
    loading: "Loading...",
    confirmDelete: "Are sure to delete this product?",
    /** Back from Google without an account (refused, cancelled, or Google's error). */
    googleFailed: "Google sign-in did not finish. Try again, or log in with your email and password.",
  },
  field: {
    loginEmailRequired: "Email Address is required",
    passwordRequired: "Password field is required",
    nameRequired: "Name is required",
    emailRequired: "Email is required",
    emailInvalid: "Enter a valid email address",
    passwordTooShort: "Password must be 6 character or longer!",
    passwordWeak: "Password must be strong!",
  },
} as const;

/** What pages and the API say while the database is away (503). */
export const UNAVAILABLE_MESSAGE = "ReLaptop is briefly unavailable. Please try again in a moment.";

/** Toast durations (spec §9). "At most 20 shown" is react-hot-toast's own limit (its TOAST_LIMIT). */
export const TOAST = { successMs: 2000, errorMs: 4000 } as const;
