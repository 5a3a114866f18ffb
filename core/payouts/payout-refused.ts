/** A transfer the provider refused for a reason the seller can fix (a closed bank account): retried, and shown. */
export class PayoutRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "PayoutRefused";
  }
}
