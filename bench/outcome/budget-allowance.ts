/**
 * A campaign's budget spread evenly over a fixed number of auctions: by the i-th auction it may
 * have spent i / auctions of it, so it neither spends it all on the first auctions nor saves it
 * for the last. A bid goes out only when the most it can cost fits what is left so far.
 */
export class BudgetAllowance {
  private opened = 0;
  private spent = 0;

  constructor(
    readonly budgetMicros: number,
    readonly auctions: number,
  ) {
    if (
      !Number.isSafeInteger(budgetMicros) ||
      budgetMicros <= 0 ||
      !Number.isSafeInteger(auctions) ||
      auctions <= 0
    )
      throw new RangeError(`A budget of ${budgetMicros} over ${auctions} auctions: both whole and positive.`);
  }

  get spentMicros(): number {
    return this.spent;
  }

  /** Opens the next auction: what the campaign may spend in it (the allowance so far less the spend). */
  nextAuction(): number {
    this.opened = Math.min(this.auctions, this.opened + 1);
    return Math.floor((this.budgetMicros * this.opened) / this.auctions) - this.spent;
  }

  spend(costMicros: number): void {
    this.spent += costMicros;
  }
}
