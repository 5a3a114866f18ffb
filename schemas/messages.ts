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

/**
 * What the catalogue says of a laptop, advert, brand or seller that is missing or can no longer change: the
 * core, the API and the pages (and the domains that refer to an advert) say it in these words.
 */
export const CATALOGUE_MESSAGES = {
  /** A laptop anyone may look for: its page, booking it, reporting it, messaging its seller, saving it. */
  laptopNotFound: "This laptop does not exist.",
  /** A seller's own advert: editing, featuring or deleting it. */
  advertNotFound: "This advert does not exist.",
  brandNotFound: "This brand does not exist.",
  sellerNotFound: "This seller does not exist.",
  sold: "This laptop is sold: its advert can no longer be changed.",
  rejected: "This advert was rejected: it can no longer be changed.",
  sellersOnly: "Only sellers can post and manage adverts.",
  chooseBrand: "Choose a brand from the list.",
} as const;

/** What pages and the API say while the database is away (503). */
export const UNAVAILABLE_MESSAGE = "ReLaptop is briefly unavailable. Please try again in a moment.";

/** Toast durations (spec §9). "At most 20 shown" is react-hot-toast's own limit (its TOAST_LIMIT). */
export const TOAST = { successMs: 2000, errorMs: 4000 } as const;
