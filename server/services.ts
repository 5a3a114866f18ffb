import {
  type Actor,
  changePassword,
  confirmEmailChange,
  confirmTwoFactor,
  createAuth,
  createCounters,
  createLoginThrottle,
  createRecoveryLimits,
  createSignUpLimit,
  DEFAULT_LOGIN_LIMITS,
  DELETION_GUESSES,
  deleteOwnAccount,
  endOtherSessions,
  endSession,
  getSessionUser,
  listPasskeys,
  listSessions,
  newBackupCodes,
  passwordHashing,
  type RecoveryLimits,
  register,
  removePasskey,
  rename,
  renamePasskey,
  requestEmailChange,
  requestPasswordReset,
  requestSignInLink,
  resendVerification,
  resetLinkWorks,
  resetPassword,
  type SessionUser,
  sessionTokenOf,
  setActingAsSeller,
  setPassword,
  signIn,
  signInLinkWorks,
  signInWays,
  signInWithLink,
  signOut,
  startGoogleLink,
  startGoogleSignIn,
  startSelling,
  startTwoFactor,
  turnOffTwoFactor,
  unlinkGoogle,
  verifyEmail,
  verifySignInCode,
} from "../core/accounts/index.ts";
import { recentAdminActions } from "../core/audit/index.ts";
import {
  createAdvert,
  createBrand,
  createCatalogue,
  decideProof,
  definePriceGuideRefresh,
  defineStagedPhotoExpiry,
  getAdvertForEdit,
  type KeepSlowCounts,
  listSellerAdverts,
  openProofPhoto,
  pendingProofs,
  priceGuidance,
  proofCodeFor,
  proofStateOf,
  removeBrand,
  removeProofPhotosOf,
  serialHasher,
  setAdvertised,
  stagePhoto,
  updateAdvert,
  updateBrand,
  withCards,
  withdrawAdvert,
  worthOf,
} from "../core/catalogue/index.ts";
import {
  block,
  createLiveMessages,
  createMessageLimits,
  findConversation,
  inbox,
  type MessageLimits,
  openConversation,
  sendMessage,
  startConversation,
  typicalReplyTime,
  unblock,
  unreadCounts,
  unreadMessages,
} from "../core/conversations/index.ts";
import {
  addDisputeMessage,
  countOpenDisputes,
  decideDispute,
  listOpenDisputes,
  readDispute,
  reportProblem,
} from "../core/disputes/index.ts";
import {
  defineSaverAlertJob,
  heartsAmong,
  listFavourites,
  removeFavourite,
  type Saver,
  savedAmong,
  saveFavourite,
} from "../core/favourites/index.ts";
import { createJobQueue } from "../core/jobs/index.ts";
import { rollUpLedgerDays } from "../core/ledger/index.ts";
import {
  createDiskStorage,
  createS3Storage,
  defineImageSweep,
  type MediaStorage,
  serveMediaFrom,
} from "../core/media/index.ts";
import {
  approveHeldAdvert,
  deactivateAccount,
  dismissReports,
  fileReport,
  listPeople,
  listStolenSerials,
  moderationToDo,
  openReports,
  rejectHeldAdvert,
  removeReported,
  removeStolenSerial,
  reportedAdverts,
  reportedConversations,
  reportedReviews,
  reportStolenSerial,
  reviewQueue,
  setVerified,
} from "../core/moderation/index.ts";
import {
  countFailedEmails,
  countUnreadNotifications,
  createDelivery,
  createLiveCounts,
  createLiveModeration,
  DELIVER_EMAIL,
  EMAIL_KIND_NAMES,
  emailPreferences,
  listNotifications,
  markAllRead,
  markRead,
  notificationLink,
  notify,
  recentEmails,
  relayEmailsOnCommit,
  sendAgain,
  setEmailPreference,
  smtpTransport,
  unsubscribe,
} from "../core/notifications/index.ts";
import {
  accept,
  applyDueDeadlines,
  book,
  bookedAmong,
  buyerToDo,
  cancel,
  checkout,
  configurePlatformFee,
  configureSaleWindows,
  confirmReceipt,
  decline,
  finishRefund,
  handOver,
  listForAdmin,
  listMine,
  listSales,
  type Money,
  PUBLICATIONS_CHANNEL,
  pay,
  paymentFailed,
  payWithTestCard,
  readOrder,
  reconcile,
  refundedByProvider,
  sellerToDo,
  sendDueReminders,
  settleIntent,
  ship,
  startIntent,
} from "../core/orders/index.ts";
import {
  type Card,
  createSimulatedProvider,
  createStripeProvider,
  type PaymentProvider,
} from "../core/payments/index.ts";
import {
  allPayoutLines,
  createSimulatedPayoutProvider,
  createStripePayoutProvider,
  finance,
  myPayouts,
  PAYOUTS_JOB,
  type PayoutProvider,
  payOutSoon,
  refreshAccount,
  runPayouts,
  sellerPayouts,
  setUpPayouts,
  startOnboarding,
} from "../core/payouts/index.ts";
import {
  applyRetention,
  configureRetention,
  defineExportJob,
  defineRetentionJob,
  latestExport,
  openExport,
  PREPARE_EXPORT,
  removeExpiredExports,
  requestExport,
} from "../core/privacy/index.ts";
import {
  answerReview,
  draftReview,
  editReview,
  reviewsOfOrders,
  sellerReviews,
  sellerTrust,
  writeReview,
  writtenAmong,
} from "../core/reviews/index.ts";
import {
  changeSavedSearch,
  countNewMatches,
  createSavedSearchAlerts,
  deleteSavedSearch,
  getSavedSearch,
  listMatches,
  listSavedSearches,
  savedSearchParams,
  saveSearch,
} from "../core/saved-searches/index.ts";
import type { Database } from "../db/client.ts";
import { readFromReplica } from "../db/replica.ts";
import type { AccountDeletionInput, EmailChangeInput } from "../schemas/accounts.ts";
import type { ReportInput } from "../schemas/moderation.ts";
import type { WorthQuery } from "../schemas/price-guidance.ts";
import type { ProofDecision } from "../schemas/proof-photos.ts";
import type { StolenSerialInput } from "../schemas/serial-numbers.ts";
import type { ReportReason } from "../schemas/values.ts";
import type { Config } from "./config.ts";
import { createRequestLine } from "./http/request-line.ts";
import { createMetrics } from "./metrics.ts";
import { createRequestsInHand } from "./requests-in-hand.ts";

export interface ServiceOptions {
  /** Tests only: skip scrypt. */
  insecureFastHash?: boolean;
  media?: MediaStorage;
  /** Tests: failed jobs are retried at once (on the next `runDue`) instead of after a backoff. */
  retryJobsAtOnce?: boolean;
  /** Where a kept email's line goes (stdout by default; tests capture it). */
  log?: (line: string) => void;
  /** Tests: other limits on reset and verification emails. */
  recoveryLimits?: RecoveryLimits;
  /** Tests: other limits on messages and new conversations. */
  messageLimits?: MessageLimits;
  /** Tests: which searches' counts the catalogue keeps (core/catalogue/facets.ts); none, so reads are exact. */
  keepSlowCounts?: KeepSlowCounts;
}

export const RECONCILE_PAYMENTS = "orders.reconcile";
export const ORDER_DEADLINES = "orders.deadlines";
export const DAILY_PAYOUTS = "payouts.daily";
export const LEDGER_ROLLUP = "ledger.rollup";

/** Builds the domain core once per process; pages and API handlers share it. */
export function createServices(config: Config, database: Database, options: ServiceOptions = {}) {
  const { db, quickReads } = database;
  // In Redis or PostgreSQL when there is one, so every app process counts the same attempts.
  const counters = createCounters({
    pool: database.pool,
    redis: database.redis?.client,
    redisPrefix: database.redis?.prefix,
  });
  const deletionGuesses = counters("delete-account-password", DELETION_GUESSES.limit, DELETION_GUESSES.windowMs);
  const recoveryLimits = createRecoveryLimits(counters, options.recoveryLimits);
  // This process's requests served in line (server/http/request-line.ts); one waiting on its password's hash
  // steps aside meanwhile.
  const requestLine = config.requestsAtOnce > 0 ? createRequestLine(config.requestsAtOnce) : undefined;
  const hashing = passwordHashing(config.passwordHashesAtOnce, requestLine?.stepAside, config.passwordHashesWaiting);
  const auth = createAuth({
    db,
    baseURL: config.publicUrl,
    secret: config.authSecret,
    google: config.google,
    throttle: createLoginThrottle(counters, DEFAULT_LOGIN_LIMITS),
    signUpLimit: createSignUpLimit(counters, { limit: config.signUpsPerHour, windowMs: 60 * 60_000 }),
    passwordHashing: hashing,
    insecureFastHash: options.insecureFastHash,
    recoveryLimits,
    wrongPasswords: deletionGuesses,
    // Reset and verification links go through the outbox, like every other email.
    sendAccountEmail: (kind, recipientId, url) => notify(db, kind, { recipientId, params: { url } }),
  });
  // The simulated provider's ledger always exists: the demo's sales are paid through it, and a payment
  // is refunded through the provider that took it, whatever takes cards today.
  const simulated = createSimulatedProvider(db);
  // Those over the network step aside while their answers are awaited (the simulated ones work on this thread).
  const overNetwork = <T extends object>(client: T) => requestLine?.stepsAsideFor(client) ?? client;
  const provider: PaymentProvider =
    config.payments.kind === "stripe" ? overNetwork(createStripeProvider(config.payments)) : simulated;
  const media =
    options.media ??
    (config.media.kind === "s3" ? overNetwork(createS3Storage(config.media)) : createDiskStorage(config.media.dir));
  serveMediaFrom(config.media.kind === "s3" ? config.media.publicUrl : undefined);
  // Serial numbers are kept as a keyed hash only (core/catalogue/serial-numbers.ts).
  const serials = serialHasher(config.authSecret);
  configureSaleWindows(config.saleWindows);
  configureRetention(config.retentionDays);
  configurePlatformFee(config.platformFee);
  const metrics = createMetrics(database);
  metrics.measurePasswordHashesOf(hashing);
  if (requestLine) metrics.measureRequestLineOf(requestLine);
  // Counted by the app (server/app.ts); a worker process serves nothing, so its jobs never wait.
  const requestsInHand = createRequestsInHand();
  const jobs = createJobQueue(database, {
    retryAtOnce: options.retryJobsAtOnce,
    onJobFailed: (queue) => metrics.jobFailures.inc({ queue }),
    quiet: requestsInHand.quiet,
  });
  const payoutProvider: PayoutProvider =
    config.payouts.provider === "stripe" && config.payments.kind === "stripe"
      ? overNetwork(createStripePayoutProvider(config.payments))
      : createSimulatedPayoutProvider(db);
  const { schedule } = config.payouts;
  // A sale that became final (accepted, its window over, a dispute released) is paid out soon when instant.
  const paidOutSoon = () => payOutSoon(jobs, schedule);
  // Taking and returning money: the card providers, the queue that tells a laptop's savers, the counts by outcome.
  const money: Money = { jobs, provider, simulated, counter: metrics };
  const refunds = { finishRefund: (orderId: string) => finishRefund(db, money, orderId) };
  // The verbs take the database (or a caller's transaction); the pages and the API call them here.
  const orders = {
    /** The sale windows as configured, for pages (their build has its own copy of core/orders' module state). */
    saleWindows: () => config.saleWindows,
    /** ReLaptop's fee rule in force, for pages ("You receive" on the advert form), for the same reason. */
    platformFee: () => config.platformFee,
    book: (actor: SessionUser, input: Parameters<typeof book>[2]) => book(db, actor, input),
    listMine: (actor: SessionUser) => listMine(db, actor),
    checkout: (actor: SessionUser, orderId: string) => checkout(db, provider, actor, orderId),
    bookedAmong: (actor: SessionUser, advertIds: string[]) => bookedAmong(db, actor, advertIds),
    pay: (actor: SessionUser, orderId: string, card: Card, attemptKey: string) =>
      pay(db, money, actor, orderId, card, attemptKey),
    payWithTestCard: (actor: SessionUser, orderId: string) => payWithTestCard(db, money, actor, orderId),
    startIntent: (actor: SessionUser, orderId: string) => startIntent(db, money, actor, orderId),
    settleIntent: (intentId: string, expected?: Parameters<typeof settleIntent>[3]) =>
      settleIntent(db, money, intentId, expected),
    paymentFailed: (orderId: string) => paymentFailed(db, orderId),
    cancel: (actor: SessionUser, orderId: string) => cancel(db, money, actor, orderId),
    refundedByProvider: (transactionId: string, refundId: string) =>
      refundedByProvider(db, money, transactionId, refundId),
    finishRefund: refunds.finishRefund,
    reconcile: (olderThanMs?: number) => reconcile(db, money, olderThanMs),
    listForAdmin: (admin: SessionUser, userId: string) => listForAdmin(db, admin, userId),
    read: (actor: SessionUser, orderId: string) => readOrder(db, actor, orderId),
    listSales: (actor: SessionUser, query: Parameters<typeof listSales>[2]) => listSales(db, actor, query),
    /** The dashboard's counts of what waits on a buyer, or on a seller (schemas/to-do.ts). */
    buyerToDo: (actor: SessionUser) => buyerToDo(db, actor),
    sellerToDo: (actor: SessionUser) => sellerToDo(db, actor),
    decline: (actor: SessionUser, orderId: string, input: { reason: unknown }) => decline(db, actor, orderId, input),
    handOver: (actor: SessionUser, orderId: string) => handOver(db, actor, orderId),
    confirmReceipt: (actor: SessionUser, orderId: string) => confirmReceipt(db, actor, orderId),
    ship: (actor: SessionUser, orderId: string, input: unknown) => ship(db, actor, orderId, input),
    accept: async (actor: SessionUser, orderId: string) => {
      await accept(db, actor, orderId);
      paidOutSoon();
    },
    /** The deadlines job's work (and tests', with a clock of their own): what ran out, then the reminders. */
    applyDeadlinesNow: async (now = new Date()) => {
      const applied = await applyDueDeadlines(db, refunds.finishRefund, now);
      if (applied > 0) paidOutSoon();
      return { applied, reminded: await sendDueReminders(db, now) };
    },
  };
  // A reported problem, its exchange and an admin's decision (core/disputes).
  const disputes = {
    report: (actor: SessionUser, orderId: string, input: Parameters<typeof reportProblem>[4]) =>
      reportProblem(db, media, actor, orderId, input),
    write: (actor: SessionUser, orderId: string, input: Parameters<typeof addDisputeMessage>[4]) =>
      addDisputeMessage(db, media, actor, orderId, input),
    read: (actor: SessionUser, orderId: string) => readDispute(db, actor, orderId),
    listOpen: (admin: SessionUser, query: Parameters<typeof listOpenDisputes>[2]) => listOpenDisputes(db, admin, query),
    countOpen: (admin: SessionUser) => countOpenDisputes(db, admin),
    // A refund decided is returned and recorded by the orders' own last two steps (decision 8).
    decide: async (admin: SessionUser, disputeId: string, input: Parameters<typeof decideDispute>[4]) => {
      const decided = await decideDispute(db, refunds, admin, disputeId, input);
      if (decided.status === "completed") paidOutSoon();
      return decided;
    },
  };
  // A seller's payout account, balances and transfers (core/payouts), through the payout provider's client.
  const payouts = {
    provider: payoutProvider,
    schedule,
    mine: (actor: SessionUser, cursor?: string) => myPayouts(db, payoutProvider, actor, cursor),
    ofSeller: (actor: SessionUser, sellerId: string, cursor?: string) =>
      sellerPayouts(db, payoutProvider, actor, sellerId, cursor),
    allLines: (actor: SessionUser) => allPayoutLines(db, actor),
    setUp: (actor: SessionUser, input: unknown) => setUpPayouts(db, payoutProvider, actor, input),
    startOnboarding: (actor: SessionUser, urls: Parameters<typeof startOnboarding>[3]) =>
      startOnboarding(db, payoutProvider, actor, urls),
    accountUpdated: (accountId: string) => refreshAccount(db, payoutProvider, accountId),
    finance: (actor: SessionUser, now?: Date) => finance(db, actor, now),
    run: (work: { queue: boolean }, now?: Date) => runPayouts(db, payoutProvider, work, now),
  };
  metrics.measureQueueWith(() => jobs.depth());
  const transport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : null;
  const delivery = createDelivery({
    db,
    queue: jobs,
    transport,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    from: config.mail.from,
    log: options.log ?? ((line) => console.log(line)),
  });
  const saverAlerts = defineSaverAlertJob({ db, queue: jobs });
  // Charges taken but never recorded (a crash mid-payment), lapsed holds, unfinished refunds: every
  // minute, once in the whole cluster.
  jobs.define(RECONCILE_PAYMENTS, async () => void (await orders.reconcile()), { cron: "* * * * *", retryLimit: 0 });
  // Bookings, handovers and protection windows that ran out, and the reminders a day before: every minute,
  // once in the whole cluster, and at every start (core/orders/apply-deadlines.ts).
  jobs.define(ORDER_DEADLINES, async () => void (await orders.applyDeadlinesNow()), {
    cron: "* * * * *",
    retryLimit: 0,
  });
  // Transfers due (new, retried, interrupted) and reversals: every minute, once in the whole cluster. New payouts
  // are queued there too when instant, else once a day at 06:00 UTC.
  jobs.define(PAYOUTS_JOB, async () => void (await payouts.run({ queue: schedule === "instant" })), {
    cron: "* * * * *",
    retryLimit: 0,
  });
  jobs.define(DAILY_PAYOUTS, async () => void (await payouts.run({ queue: true })), {
    cron: "0 6 * * *",
    retryLimit: 0,
  });
  // Finished days' ledger totals, for Finance: a few minutes after midnight UTC, and at every start.
  jobs.define(LEDGER_ROLLUP, async () => void (await rollUpLedgerDays(db)), { cron: "15 0 * * *", retryLimit: 0 });
  const savedSearchAlerts = createSavedSearchAlerts({ db, queue: jobs });
  const catalogue = createCatalogue({ db, keepSlowCounts: options.keepSlowCounts });
  // Visitors' catalogue reads may come from the replica; a signed-in person reads the primary, so what
  // they just changed is there.
  const replica = database.replica;
  const replicaCatalogue = replica
    ? createCatalogue({ db: replica.db, keepSlowCounts: options.keepSlowCounts, brandsFrom: db })
    : undefined;
  const visitorCatalogue =
    replica && replicaCatalogue ? readFromReplica(replicaCatalogue, catalogue, replica.watch) : catalogue;
  const priceGuides = definePriceGuideRefresh({ db, queue: jobs });
  // Photos uploaded ahead of a form that was never sent: swept hourly, once in the whole cluster.
  defineStagedPhotoExpiry({ db, queue: jobs });
  // Images no row names any more (replaced photos, staged ones never used): daily, once in the whole cluster.
  if (config.mediaSweepDays > 0) defineImageSweep({ db, queue: jobs, media, keptDays: config.mediaSweepDays });
  // Old notifications and emails, expired links and sessions: daily, once in the whole cluster.
  defineRetentionJob({ db, queue: jobs, media });
  // "Download my data": each request's ZIP, prepared by the next free worker.
  defineExportJob({ db, queue: jobs, media });
  /**
   * A deleted account's data exports stopped answering in its transaction; their files go now, and its proof
   * photos (files, then rows).
   */
  const afterAccountDeleted = async <T>(userId: string, deleted: T) => {
    await removeExpiredExports(db, media, { userId });
    await removeProofPhotosOf(db, media, userId);
    return deleted;
  };

  const emailRelay = relayEmailsOnCommit(delivery, database.broadcast);
  let stopHearingPublications: (() => Promise<void>) | undefined;
  /**
   * The job queue (and, with `work`, its workers and the relay that queues each email as soon as the
   * transaction that wrote it commits). The server starts it with `work`; tests without, and run due
   * jobs themselves (`notifications.deliverEmailsNow`).
   */
  const background = {
    queue: jobs,
    async start({ work = false }: { work?: boolean } = {}) {
      await jobs.start({ work });
      if (!work) return;
      await emailRelay.start();
      await jobs.send(RECONCILE_PAYMENTS, {}); // and once at start, as before
      await jobs.send(ORDER_DEADLINES, {}); // what ran out while no process was running
      await jobs.send(LEDGER_ROLLUP, {}); // the days that ended while no process was running
      await priceGuides.refreshSoon(); // the cards' price badges, without waiting for the schedule
      // A published advert is matched against saved searches by the next free worker, not the request.
      stopHearingPublications = await database.broadcast.on(PUBLICATIONS_CHANNEL, () => {
        savedSearchAlerts.matchSoon().catch((error: unknown) => console.error("saved-search matching:", error));
      });
    },
    /** Waits for running jobs, then stops (shutdown, and the end of every test). */
    async stop() {
      await stopHearingPublications?.();
      stopHearingPublications = undefined;
      await emailRelay.stop();
      await jobs.stop();
      transport?.close();
    },
  };

  const messageLimits = createMessageLimits(counters, options.messageLimits);
  // One key per folder of core/, each the domain's calls as pages and the API make them.
  const services = {
    accounts: {
      auth,
      /** Who the request's session cookie belongs to; null for none, an ended session or a deleted account. */
      getSessionUser: (headers: Headers, onCookies?: (cookies: string[]) => void) =>
        getSessionUser(quickReads, auth, headers, onCookies),
      register: (input: Parameters<typeof register>[2], headers: Headers) => register(db, auth, input, headers),
      signIn: (input: Parameters<typeof signIn>[1], headers: Headers) => signIn(auth, input, headers),
      signOut: (headers: Headers) => signOut(auth, headers),
      /**
       * Two-factor: the sign-in's second step, and a person turning it on (password, then a first code; the
       * backup codes shown once), off, or getting new backup codes. `adminPolicy`: ADMIN_TWO_FACTOR.
       */
      twoFactor: {
        adminPolicy: config.adminTwoFactor,
        verifySignInCode: (input: Parameters<typeof verifySignInCode>[1], headers: Headers) =>
          verifySignInCode(auth, input, headers),
        start: (password: string, headers: Headers) => startTwoFactor(auth, password, headers),
        confirm: (actor: SessionUser, code: string, headers: Headers) => confirmTwoFactor(auth, actor, code, headers),
        turnOff: (password: string, headers: Headers) => turnOffTwoFactor(auth, password, headers),
        newBackupCodes: (password: string, headers: Headers) => newBackupCodes(auth, password, headers),
      },
      /** Where the person is signed in, and signing out a device (the request's headers name the asking session). */
      sessions: {
        list: async (actor: SessionUser, headers: Headers) =>
          listSessions(db, actor, await sessionTokenOf(auth, headers)),
        end: (actor: SessionUser, sessionId: string) => endSession(db, actor, sessionId),
        endOthers: async (actor: SessionUser, headers: Headers) =>
          endOtherSessions(db, actor, await sessionTokenOf(auth, headers)),
      },
      /** The person's passkeys (adding one and signing in with one are better-auth's ceremonies under /api/auth). */
      passkeys: {
        list: async (actor: SessionUser) => ({ items: await listPasskeys(db, actor) }),
        rename: (actor: SessionUser, id: string, name: string) => renamePasskey(db, actor, id, name),
        remove: (actor: SessionUser, id: string) => removePasskey(db, actor, id),
      },
      changePassword: (input: Parameters<typeof changePassword>[1], headers: Headers) =>
        changePassword(auth, input, headers),
      startGoogleSignIn: (callbackURL: string, headers: Headers, errorCallbackURL?: string) =>
        startGoogleSignIn(auth, callbackURL, headers, errorCallbackURL),
      requestSignInLink: (email: string, headers: Headers) => requestSignInLink(auth, email, headers),
      signInLinkWorks: (token: string) => signInLinkWorks(db, token),
      signInWithLink: (token: string, headers: Headers) => signInWithLink(auth, token, headers),
      /** Forgot password, the reset link and email verification. */
      recovery: {
        requestPasswordReset: (email: string, headers: Headers) => requestPasswordReset(auth, email, headers),
        resetLinkWorks: (token: string) => resetLinkWorks(db, token),
        resetPassword: (input: Parameters<typeof resetPassword>[1], headers: Headers) =>
          resetPassword(auth, input, headers),
        verifyEmail: (token: string) => verifyEmail(auth, token),
        resendVerification: (email: string, headers: Headers) => resendVerification(db, auth, email, headers),
      },
      /** A person's own account: their name, and a seller's Seller/User switch. */
      profile: {
        rename: (actor: SessionUser, name: string) => rename(db, actor, name),
        setActingAsSeller: (actor: SessionUser, asSeller: boolean) => setActingAsSeller(db, actor, asSeller),
        /** A buyer's account becomes a seller's (acting as a seller), with its account_events entry. */
        startSelling: (actor: SessionUser) => startSelling(db, actor),
        /** "Delete my account": the password (or a fresh sign-in), then the anonymising deletion. */
        hasPassword: async (actor: SessionUser) => (await signInWays(db, actor.id)).password,
        /** Whether it signs in with a password, with Google; setting a password, linking and unlinking Google. */
        signInWays: (actor: SessionUser) => signInWays(db, actor.id),
        setPassword: (actor: SessionUser, newPassword: string, headers: Headers) =>
          setPassword(db, auth, deletionGuesses, actor, newPassword, headers),
        startGoogleLink: (headers: Headers, callbackURL: string, errorCallbackURL: string) =>
          startGoogleLink(auth, headers, callbackURL, errorCallbackURL),
        unlinkGoogle: (actor: SessionUser, password: string, headers: Headers) =>
          unlinkGoogle(db, auth, deletionGuesses, actor, password, headers),
        deleteOwnAccount: async (actor: SessionUser, input: AccountDeletionInput, headers: Headers) =>
          afterAccountDeleted(actor.id, await deleteOwnAccount(db, auth, deletionGuesses, actor, input, headers)),
        /** "Change email": the link goes to the new address, the old one is told; following it changes it. */
        requestEmailChange: (actor: SessionUser, input: EmailChangeInput, headers: Headers) =>
          requestEmailChange(
            db,
            { auth, wrongPasswords: deletionGuesses, limits: recoveryLimits, publicUrl: config.publicUrl },
            actor,
            input,
            headers,
          ),
        confirmEmailChange: (token: string, follower: SessionUser | null) => confirmEmailChange(db, token, follower),
      },
    },
    audit: { recent: (admin: SessionUser) => recentAdminActions(db, admin) },
    catalogue: {
      ...catalogue,
      listSellerAdverts: (actor: Actor & { email: string }, sellerEmail: string) =>
        listSellerAdverts(db, actor, sellerEmail),
      brands: {
        create: (admin: Actor, input: Parameters<typeof createBrand>[3]) => createBrand(db, media, admin, input),
        update: (admin: Actor, id: string, input: Parameters<typeof updateBrand>[4]) =>
          updateBrand(db, media, admin, id, input),
        remove: (admin: Actor, id: string) => removeBrand(db, admin, id),
      },
      adverts: {
        create: (actor: Actor, input: Parameters<typeof createAdvert>[4]) =>
          createAdvert(db, media, serials, actor, input),
        update: (actor: Actor, id: string, input: Parameters<typeof updateAdvert>[6]) =>
          updateAdvert(db, media, jobs, serials, actor, id, input),
        setAdvertised: (actor: Actor, id: string, advertised: boolean) => setAdvertised(db, actor, id, advertised),
        withdraw: (actor: Actor, id: string) => withdrawAdvert(db, actor, id),
        getForEdit: (actor: Actor, id: string) => getAdvertForEdit(db, actor, id),
        /** "In hand": the seller's one-time code for a proof photo, and an advert's proof as its seller sees it. */
        proofCode: (actor: Actor) => proofCodeFor(db, actor),
        proofState: (advertId: string) => proofStateOf(db, advertId),
        /** The photo picker's upload, ahead of the form (core/catalogue/staged-photos.ts). */
        stagePhoto: (actor: Actor, file: File) => stagePhoto(db, media, actor, file),
      },
      /** For requests without a cookie or credentials only: the replica's catalogue while it may be read. */
      forVisitors: visitorCatalogue,
      /** A brand changed on some process (BRANDS_CHANNEL): this process's catalogues read the brand list again. */
      forgetBrands() {
        catalogue.forgetBrands();
        replicaCatalogue?.forgetBrands();
      },
      /**
       * A change to the catalogue on some process (the visitors' cache was emptied): kept counts go too, and
       * the replica is not read until it has replayed the change (else they would be read again from before it).
       */
      changed() {
        replica?.watch.changed();
        catalogue.forgetKeptCounts();
        replicaCatalogue?.forgetKeptCounts();
      },
      /** What comparable laptops sell for, for the advert form (core/catalogue/price-guidance.ts). */
      priceGuidance: (query: Parameters<typeof priceGuidance>[1]) => priceGuidance(db, query),
      /** "What's my laptop worth": the kept guide and the comparable sales of a configuration. */
      worth: (query: WorthQuery) => worthOf(quickReads, query),
      /** Seeds and tests: rebuild the price guides behind the cards' badges now, in this process. */
      refreshPriceGuidesNow: priceGuides.refreshNow,
    },
    // The inbox, a conversation and the unread count are read where quick reads go (db/quick-reads.ts).
    conversations: {
      inbox: (actor: SessionUser, page?: Parameters<typeof inbox>[2]) => inbox(quickReads, actor, page),
      open: (actor: SessionUser, id: string, page?: Parameters<typeof openConversation>[4]) =>
        openConversation(db, quickReads, actor, id, page),
      findFor: (actor: SessionUser, advertId: string) => findConversation(db, actor, advertId),
      start: (actor: SessionUser, input: Parameters<typeof startConversation>[3]) =>
        startConversation(db, messageLimits, actor, input),
      send: (actor: SessionUser, conversationId: string, body: string) =>
        sendMessage(db, messageLimits, actor, conversationId, body),
      block: (actor: SessionUser, conversationId: string) => block(db, actor, conversationId),
      unblock: (actor: SessionUser, conversationId: string) => unblock(db, actor, conversationId),
      report: (actor: SessionUser, id: string, reason: ReportReason) =>
        fileReport(db, reportedConversations, actor, id, { reason }),
      reported: (admin: SessionUser, page?: ReportsPage) => openReports(db, reportedConversations, admin, page),
      dismiss: (admin: SessionUser, id: string) => dismissReports(db, reportedConversations, admin, id),
      unreadCount: (actor: SessionUser) => unreadMessages(quickReads, actor.id),
      /** For anyone weighing a seller (the laptop page's trust panel): public, like the rating. */
      typicalReplyTime: (sellerId: string) => typicalReplyTime(db, sellerId),
      live: createLiveMessages({ db, listener: database.broadcast }),
      /** The top bar's two counts, the bell's and Messages': every signed-in page reads them. */
      unreadCounts: (user: SessionUser) => unreadCounts(quickReads, user),
    },
    disputes,
    favourites: {
      save: (person: Saver, advertId: string) => saveFavourite(db, person, advertId),
      remove: (person: Saver, advertId: string) => removeFavourite(db, person, advertId),
      // The page and the hearts among a page of cards: short indexed reads (db/quick-reads.ts).
      list: async (person: Saver, page?: Parameters<typeof listFavourites>[2]) =>
        withCards(quickReads, await listFavourites(quickReads, person, page)),
      savedAmong: (person: Saver, advertIds: string[]) => savedAmong(quickReads, person, advertIds),
      heartsAmong: (person: Saver, advertIds: string[]) => heartsAmong(quickReads, person, advertIds),
      saverAlerts,
    },
    jobs: background,
    ledger: { rollUp: () => rollUpLedgerDays(db) },
    media,
    moderation: {
      people: {
        list: (admin: SessionUser, role: "seller" | "user", query: Parameters<typeof listPeople>[3]) =>
          listPeople(db, admin, role, query),
        setVerified: (admin: SessionUser, sellerId: string, verified: boolean) =>
          setVerified(db, admin, sellerId, verified),
        deactivate: async (admin: SessionUser, userId: string) =>
          afterAccountDeleted(userId, await deactivateAccount(db, admin, userId)),
      },
      // One report queue, with an adapter per kind: laptops here, reviews and conversations in their domains.
      reports: {
        report: (actor: SessionUser, input: ReportInput) =>
          fileReport(db, reportedAdverts, actor, input.advertId, input),
        openByAdvert: (admin: SessionUser, page?: ReportsPage) => openReports(db, reportedAdverts, admin, page),
        dismiss: (admin: SessionUser, advertId: string) => dismissReports(db, reportedAdverts, admin, advertId),
        removeAdvert: (admin: SessionUser, advertId: string, reason: string) =>
          removeReported(db, reportedAdverts, admin, advertId, reason),
      },
      /** Admins' dashboard and menu: the review queue's adverts and the things with open reports. */
      toDo: (admin: SessionUser) => moderationToDo(db, admin),
      heldAdverts: {
        queue: (admin: SessionUser, cursor?: string) => reviewQueue(db, admin, cursor),
        approve: (admin: SessionUser, advertId: string) => approveHeldAdvert(db, jobs, admin, advertId),
        reject: (admin: SessionUser, advertId: string, reason: string) => rejectHeldAdvert(db, admin, advertId, reason),
      },
      /** "In hand": proof photos waiting for an admin (core/catalogue/proof-photos.ts). */
      proofs: {
        queue: (admin: SessionUser, cursor?: string) => pendingProofs(db, admin, cursor),
        decide: (admin: SessionUser, id: string, decision: ProofDecision) => decideProof(db, admin, id, decision),
        openPhoto: (admin: SessionUser, id: string) => openProofPhoto(db, media, admin, id),
      },
      /** Serials reported stolen: adverts with one are held for review (core/moderation/stolen-serials.ts). */
      stolenSerials: {
        list: (admin: SessionUser, cursor?: string) => listStolenSerials(db, admin, cursor),
        report: (admin: SessionUser, input: StolenSerialInput) => reportStolenSerial(db, serials, admin, input),
        remove: (admin: SessionUser, id: string) => removeStolenSerial(db, admin, id),
      },
      /** Admins' streams only: their moderation queue changed (Reported Items reads itself again). */
      live: createLiveModeration({ listener: database.broadcast }),
    },
    notifications: {
      list: (actor: SessionUser, page?: Parameters<typeof listNotifications>[2]) => listNotifications(db, actor, page),
      unreadCount: (actor: SessionUser) => countUnreadNotifications(db, actor),
      markRead: (actor: SessionUser, id: string) => markRead(db, actor, id),
      linkOf: (actor: SessionUser, id: string) => notificationLink(db, actor, id),
      markAllRead: (actor: SessionUser) => markAllRead(db, actor),
      emailPreferences: (actor: SessionUser) => emailPreferences(db, actor),
      setEmailPreference: (actor: SessionUser, kind: string, email: boolean) =>
        setEmailPreference(db, actor, kind, email),
      /** From an email's link, without a session: the token is signed with the auth secret. */
      unsubscribe: (token: string) => unsubscribe(db, config.authSecret, token),
      recentEmails: (admin: SessionUser, query?: Parameters<typeof recentEmails>[2]) => recentEmails(db, admin, query),
      sendAgain: (admin: SessionUser, emailId: string) => sendAgain(db, admin, emailId),
      failedEmailsCount: (admin: SessionUser) => countFailedEmails(db, admin),
      /** Every kind of email, for Email delivery's filter. */
      emailKinds: EMAIL_KIND_NAMES,
      live: createLiveCounts({ db, listener: database.broadcast }),
      /** Tests and drills: queue every waiting email and deliver what is due now, in this process. */
      async deliverEmailsNow() {
        await delivery.relay();
        return jobs.runDue([DELIVER_EMAIL]);
      },
    },
    orders,
    /** What /privacy promises is not kept (RETENTION_DAYS), and the daily sweep that keeps the promise. */
    privacy: {
      retentionDays: () => config.retentionDays,
      applyRetention: async () => ({ ...(await applyRetention(db)), exports: await removeExpiredExports(db, media) }),
      /** "Download my data": ask (the ZIP is prepared on the job queue), the latest request, the ZIP itself. */
      requestExport: (actor: SessionUser) => requestExport(db, jobs, actor),
      latestExport: (actor: SessionUser) => latestExport(db, actor),
      openExport: (actor: SessionUser, exportId: string) => openExport(db, media, actor, exportId),
      /** Tests and seeds: prepare the requested exports now, in this process. */
      prepareExportsNow: () => jobs.runDue([PREPARE_EXPORT]),
    },
    payments: provider,
    payouts,
    reviews: {
      draft: (actor: SessionUser, orderId: string) => draftReview(db, actor, orderId),
      write: (actor: SessionUser, orderId: string, input: Parameters<typeof writeReview>[3]) =>
        writeReview(db, actor, orderId, input),
      edit: (actor: SessionUser, reviewId: string, input: Parameters<typeof editReview>[3]) =>
        editReview(db, actor, reviewId, input),
      answer: (actor: SessionUser, reviewId: string, text: string) => answerReview(db, actor, reviewId, text),
      forOrders: (actor: SessionUser, orderIds: string[]) => reviewsOfOrders(db, actor, orderIds),
      writtenAmong: (actor: SessionUser, reviewIds: string[]) => writtenAmong(db, actor, reviewIds),
      sellerReviews: (sellerId: string, cursor?: string) => sellerReviews(db, sellerId, cursor),
      trust: (sellerId: string) => sellerTrust(db, sellerId),
      reports: {
        report: (actor: SessionUser, reviewId: string, details?: string) =>
          fileReport(db, reportedReviews, actor, reviewId, { details }),
        open: (admin: SessionUser, page?: ReportsPage) => openReports(db, reportedReviews, admin, page),
        dismiss: (admin: SessionUser, reviewId: string) => dismissReports(db, reportedReviews, admin, reviewId),
        remove: (admin: SessionUser, reviewId: string, reason: string) =>
          removeReported(db, reportedReviews, admin, reviewId, reason),
      },
    },
    savedSearches: {
      list: (actor: SessionUser) => listSavedSearches(db, actor),
      get: (actor: SessionUser, id: string) => getSavedSearch(db, actor, id),
      /** What opening one runs: the catalogue's search with its parameters. */
      searchOf: (actor: SessionUser, id: string) => savedSearchParams(db, actor, id),
      create: (actor: SessionUser, input: Parameters<typeof saveSearch>[2]) => saveSearch(db, actor, input),
      update: (actor: SessionUser, id: string, change: Parameters<typeof changeSavedSearch>[3]) =>
        changeSavedSearch(db, actor, id, change),
      remove: (actor: SessionUser, id: string) => deleteSavedSearch(db, actor, id),
      /** The laptops that matched my searches, newest first, in keyset pages. */
      matches: async (actor: SessionUser, page?: Parameters<typeof listMatches>[2]) =>
        withCards(db, await listMatches(db, actor, page)),
      /** The dashboard's count: laptops that matched my searches this week. */
      newMatchesCount: (actor: SessionUser) => countNewMatches(db, actor),
      /** Tests: match published adverts against saved searches now, in this process. */
      matchNow: savedSearchAlerts.matchNow,
      /** Tests and benchmarks: the daily digest, now. */
      sendDigestsNow: savedSearchAlerts.sendDigestsNow,
    },
  };
  /** What the app around the domains needs: the database, the metrics, the requests in hand. */
  const runtime = {
    database,
    db,
    metrics,
    /** The requests this process is serving now: email delivery gives way to them. */
    requestsInHand,
    /** At most REQUESTS_AT_ONCE worked on at once, the rest in the order they came; none without a line. */
    requestLine,
    /** Where photos and private files are kept (the demo's proof photos are stored as a seller's are). */
    media,
  };
  return { services, runtime };
}

/** A page of one of the report queue's lists: the `next` of the page before. */
type ReportsPage = Parameters<typeof openReports>[3];

/** The domains and the runtime they were built on, as the entry point, seeds and tests hold them. */
export type Core = ReturnType<typeof createServices>;
export type Services = Core["services"];
export type Runtime = ReturnType<typeof createServices>["runtime"];
