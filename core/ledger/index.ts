/**
 * The ledger: every movement of a sale's money as a balanced group of entries, written with the transition that
 * moves it (postings.ts says which), never edited. Balances are sums; Finance reads day totals (finance.ts).
 */
export { ACCOUNTS, type LedgerAccount, natural } from "./accounts.ts";
export { FINANCE_DAYS, financeReport, rollUpLedgerDays } from "./finance.ts";
export { orderBalances, type Posting, post, postTransition, SELLER_ACCOUNTS } from "./post.ts";
export { type Entry, type OrderBalances, type OrderMoney, POSTINGS } from "./postings.ts";
