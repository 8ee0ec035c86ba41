// The card and bank payment port (docs/conventions.md §6): Stripe through its official SDK, or the offline
// `sandbox` processor (the default). Card and bank numbers never pass through this port: the processor's own
// hosted entry turns them into a method token, and Paylane keeps the token and a mask only.

/** docs/reference/payments.md §3 BIN: Stripe's `card.funding` values; `unknown` is treated as not surchargeable. */
export const cardFundings = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type CardFunding = (typeof cardFundings)[number];

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];

/** What the first 6 or 8 digits of a card say about it. */
export type BinInfo = { bin: string; brand: CardBrand; funding: CardFunding };

/** A saved card or bank account as the processor describes it (never the number itself). */
export type ProcessorMethod =
  | {
      kind: 'card';
      token: string;
      brand: CardBrand;
      funding: CardFunding;
      last4: string;
      expMonth: number;
      expYear: number;
    }
  | {
      kind: 'bank';
      token: string;
      accountType: 'checking' | 'savings';
      last4: string;
      routingNumber: string;
    };

export type ChargeRequest = {
  /**
   * Ours, written to the payment attempt before the call: the same key sent again answers the first result
   * and charges nothing more; the same key with other parameters is refused (docs/reference/payments.md §3).
   */
  idempotencyKey: string;
  /** The merchant's account at the processor (a Stripe connected account); '' for the platform's own. */
  processorAccountId: string;
  methodToken: string;
  amountCents: number;
  /** Our payment attempt id, kept by the processor so a charge can be found again after a crash. */
  reference: string;
};

/**
 * A charge as the processor sees it. Cards succeed or fail at once (or after a short delay); bank debits stay
 * `processing` for days and then settle (`succeeded`) or come back `returned` with a NACHA code.
 */
export type ChargeStatus = 'processing' | 'succeeded' | 'failed' | 'returned';

export type ProcessorCharge = {
  processorChargeId: string;
  reference: string;
  amountCents: number;
  status: ChargeStatus;
  /** Why it failed or came back: a decline code (`card_declined`, `insufficient_funds`, …) or `R01`…`R29`. */
  failureCode: string | null;
  failureMessage: string | null;
};

/**
 * A call the processor answered with a refusal that no retry changes (bad request, key reused with other
 * parameters), or that may or may not have happened (`isAmbiguous`: network failure, timeout, 5xx). An
 * ambiguous charge is reconciled with findCharge before anything is retried, never re-sent blindly.
 */
export class ProcessorError extends Error {
  readonly code: string;
  readonly isAmbiguous: boolean;
  constructor(message: string, options: { code: string; isAmbiguous: boolean }) {
    super(message);
    this.name = 'ProcessorError';
    this.code = options.code;
    this.isAmbiguous = options.isAmbiguous;
  }
}

export type RefundRequest = {
  /** Ours, written to the refund row before the call: a replay answers the first refund, never a second one. */
  idempotencyKey: string;
  processorAccountId: string;
  /** The charge being refunded, as the processor named it (a PaymentIntent id with Stripe). */
  processorChargeId: string;
  /** Principal plus any convenience fee returned, in cents; at most what is left unrefunded on the charge. */
  amountCents: number;
  /** Our refund row's id, kept by the processor so the refund can be found again after an ambiguous answer. */
  reference: string;
};

/**
 * A refund as the processor sees it. `pending` is accepted and on its way back (a bank refund takes days); it
 * is recorded as refunded, as the money has left the merchant's hands at the processor.
 */
export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export type ProcessorRefund = {
  processorRefundId: string;
  reference: string;
  amountCents: number;
  status: RefundStatus;
  failureCode: string | null;
  failureMessage: string | null;
};

/** A processor's event, checked and reduced to what Paylane acts on. */
export type ProcessorEvent = {
  eventId: string;
  type: string;
  /** The connected account the event is about ('' for the platform's own). */
  processorAccountId: string;
  /** The charge as the event describes it, for payment events; null for other events. */
  charge: ProcessorCharge | null;
  /**
   * A debit the bank sent back after the processor had reported it succeeded, named by the processor's charge
   * id, with its NACHA code (Stripe reports one as a dispute: stripe-webhooks.ts). Absent for other events.
   */
  bankReturn?: ProcessorBankReturn | null;
};

export type ProcessorBankReturn = {
  processorChargeId: string;
  amountCents: number;
  failureCode: string;
  failureMessage: string;
};

/**
 * The processor's hosted entry for a new card or bank account (issue 16): the payer types the numbers into the
 * processor's page (the sandbox's own, or Stripe's Elements for a SetupIntent), never into Paylane's.
 */
export type MethodEntryHandle = {
  entryId: string;
  /** The sandbox's hosted page; null with Stripe. */
  url: string | null;
  /** The SetupIntent's client secret for Stripe.js; null with the sandbox. */
  clientSecret: string | null;
};

/** A charge a card reader was asked to collect (POS, card present), waiting for the card. */
export type ReaderRequest = {
  readerRequestId: string;
  /** The sandbox's simulated reader, where a test card is presented instead of a real one. */
  simulated: boolean;
};

export type PaymentProcessor = {
  name: 'sandbox' | 'stripe';
  lookupBin(bin: string): Promise<BinInfo>;
  /** The saved method behind a token, or null when the processor does not know it. */
  findMethod(input: { processorAccountId: string; token: string }): Promise<ProcessorMethod | null>;
  /** Charges a saved method. A decline is a `failed` charge, not an error; refusals throw ProcessorError. */
  charge(request: ChargeRequest): Promise<ProcessorCharge>;
  /** Reconciliation after an ambiguous answer or a crash: the charge made under our reference, if any. */
  findCharge(input: { processorAccountId: string; reference: string }): Promise<ProcessorCharge | null>;
  /**
   * Refunds part or all of a charge. A refusal (more than is left, a charge not refundable) throws a
   * non-ambiguous ProcessorError; a network failure or 5xx an ambiguous one, reconciled with findRefund.
   */
  refund(request: RefundRequest): Promise<ProcessorRefund>;
  /** Reconciliation: the refund made on this charge under our reference, if any. */
  findRefund(input: {
    processorAccountId: string;
    processorChargeId: string;
    reference: string;
  }): Promise<ProcessorRefund | null>;
  /**
   * Card present (POS): asks the merchant's card reader to collect `amountCents` under our reference. The payer
   * taps or inserts the card; the outcome comes later, by findCharge(reference) or the processor's webhook. The
   * same idempotency key asks for the same request again, never a second one.
   */
  collectOnReader(request: Omit<ChargeRequest, 'methodToken'>): Promise<ReaderRequest>;
  /** Opens a hosted entry for a card or bank account; `reference` is ours (the customer or pay link it is for). */
  startMethodEntry(input: {
    processorAccountId: string;
    kind: 'card' | 'bank';
    reference: string;
  }): Promise<MethodEntryHandle>;
  /** The method saved in that entry, or null while the payer has not finished it. */
  finishMethodEntry(input: { processorAccountId: string; entryId: string }): Promise<ProcessorMethod | null>;
  /** Forgets a saved method at the processor (a removed method can never be charged again). */
  detachMethod(input: { processorAccountId: string; token: string }): Promise<void>;
};
