// English strings: the source of truth for which strings exist. Other locales must give every key.
// The strings only a chunk shows are in that chunk's table beside this one (passkey.ts, pix.ts,
// refusal.ts, wallet.ts); messages.test.ts holds every table to the same rules.

import type { FundingMessages } from './funding.ts';
import type { InstallmentCostMessages } from './installment-cost.ts';
import type { PasskeyMessages } from './passkey.ts';
import type { WalletMessages } from './wallet.ts';

/** What the card frame shows. It carries these in English to fill any gap, so they are kept apart. */
export const enFrame = {
  cardNumberLabel: 'Card number',
  expiryLabel: 'Expiry date',
  expiryPlaceholder: 'MM / YY',
  cvcLabel: 'Security code',
  cvcHint: '3 digits on the back of the card',
  cvcHintAmex: '4 digits on the front of the card',
  holderLabel: 'Name on card',
  saveCardLabel: 'Save this card for future purchases',
  brandAnnouncement: '{brand} card',
  storedCardCvcLabel: 'Security code for the {brand} card ending in {last4}',
  frameTitle: 'Secure card payment form',
  cvcFrameTitle: 'Secure security code form',
  errorNumberRequired: 'Enter the card number.',
  errorNumberIncomplete: 'The card number is incomplete.',
  errorNumberInvalid: 'The card number is not valid.',
  errorNumberUnsupported: 'This card brand is not accepted.',
  errorExpiryRequired: 'Enter the expiry date.',
  errorExpiryIncomplete: 'The expiry date is incomplete.',
  errorExpiryInvalid: 'The expiry date is not valid.',
  errorExpiryExpired: 'The card has expired.',
  errorCvcRequired: 'Enter the security code.',
  errorCvcIncomplete: 'The security code is incomplete.',
  errorHolderRequired: 'Enter the name on the card.',
  errorCvcMismatch: 'The security code does not match this card.',
  installmentsLabel: 'Installments',
  installmentsCount: '{count}x',
  installmentsPlan: '{count}x of {amount}',
  installmentsInterestFree: '{plan} interest-free',
  installmentsWithInterest: '{plan} with interest',
  documentLabel: 'CPF or CNPJ',
  cpfLabel: 'CPF',
  errorDocumentRequired: 'Enter the {label}.',
  errorDocumentIncomplete: 'The {label} is incomplete.',
  errorDocumentInvalid: 'The {label} is not valid.',
} as const;

/** What only the page shows: the saved-card list, the alerts it sends the frame, the 3DS dialog. */
const enPage = {
  storedCardsLabel: 'Saved cards',
  storedCardDescription: '{brand} ending in {last4}, expires {month}/{year}',
  storedCardExpired: 'expired',
  newCardLabel: 'Use a new card',
  errorSubmit: 'The card could not be processed. Check the details and try again.',
  errorNetwork: 'We could not reach the payment service. Check your connection and try again.',
  errorSessionExpired: 'This payment session expired. Your details are kept: try again in a moment.',
  processing: 'Processing…',
  declineGeneric: 'Your bank declined this payment. Use another card or contact your bank.',
  declineInsufficientFunds: 'Not enough balance or credit limit on this card. Use another card.',
  declineCardBlocked: 'This card is blocked. Use another card.',
  formUnavailable:
    'The payment form is unavailable right now. Please try again later or choose another payment method.',
  errorAuthentication: 'Your bank could not verify this card. Please use another payment method.',
  errorChallengeCancelled: 'The verification with your bank was cancelled. You can try again.',
  errorChallengeTimeout: 'The verification with your bank took too long. Please try again.',
  challengeTitle: 'Verify your payment with your bank',
  challengeClose: 'Cancel the verification',
} as const;

// Annotated pure so the card frame's build, which reads only enFrame, drops the page's strings.
export const en: Readonly<typeof enFrame & typeof enPage> = /* @__PURE__ */ Object.assign(
  {},
  enFrame,
  enPage,
);

export type MessageKey = keyof typeof en;
export type Messages = Readonly<Record<MessageKey, string>>;
/**
 * Every key the `messages` option takes: these tables', and the passkeys', the wallets', the combo
 * card's question and the installments' cost (passkey.ts, wallet.ts, funding.ts, installment-cost.ts).
 */
export type OverrideKey = keyof (typeof en &
  PasskeyMessages &
  WalletMessages &
  InstallmentCostMessages &
  FundingMessages);
/** The `messages` option: strings that replace the shipped ones, by key. */
export type MessageOverrides = Partial<Record<OverrideKey, string>>;
export type FrameMessageKey = keyof typeof enFrame;
export type FrameMessages = Readonly<Record<FrameMessageKey, string>>;
