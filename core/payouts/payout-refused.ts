/** A transfer the provider refused for a reason the seller can fix (a closed bank account): retried, and shown. */
export class PayoutRefused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
    this.name = "PayoutRefused";
  }
}
