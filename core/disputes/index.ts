/**
 * Disputes: after the handover, within the buyer protection window, a buyer reports a problem with the laptop
 * (report-problem.ts: the order's `report` transition); its buyer and seller write to each other with photos
 * (add-message.ts) and read the whole exchange on the order's page, as admins do; an admin decides on the
 * Disputes page — the buyer refunded in full or in part, or the sale released to the seller — and the money
 * moves inside the order's transition (decide.ts, decision 8). One verb per file, each taking the database,
 * the actor and the input.
 */
export { addDisputeMessage } from "./add-message.ts";
export { decideDispute, type RefundFinisher } from "./decide.ts";
export { countOpenDisputes, listOpenDisputes } from "./open-disputes.ts";
export { readDispute } from "./read-dispute.ts";
export { reportProblem } from "./report-problem.ts";
