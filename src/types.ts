// Public types of the checkout script: what merchants pass in and get back, with the few lists the
// code checks them against at run time (each list defines its type, so the two cannot drift).

import type { CheckoutError } from './errors.ts';
import type { OverrideKey } from './i18n/en.ts';
import type { ThreeDsStep } from './three-ds/model.ts';

/** Which service the checkout talks to: the sandbox (test cards, no money moves) or production. */
export type Environment = 'sandbox' | 'production';

/** Every {@link FieldName}, in the form's order. */
export const FIELD_NAMES = ['number', 'expiry', 'cvc', 'holder', 'document'] as const;
/**
 * The card form's fields: card number, expiry date, security code, name on card, and the shopper's CPF
 * or CNPJ (shown with the `documentField` option; without it, it reads as empty and valid).
 */
export type FieldName = (typeof FIELD_NAMES)[number];
/** Every {@link FieldError}. */
export const FIELD_ERRORS = ['required', 'incomplete', 'invalid', 'unsupported', 'expired'] as const;
/**
 * Why a field is not valid: left empty, not typed to the end, wrong (a failed Luhn check, a month
 * 13), a brand the account does not take, or an expiry in the past.
 */
export type FieldError = (typeof FIELD_ERRORS)[number];

/** One field's state, as merchants see it: flags and an error code, never a value. */
export interface FieldState {
  /** Nothing typed. */
  empty: boolean;
  /**
   * As many characters as the format needs: a length the detected brand allows, `MM / YY`, the
   * brand's CVC length, a non-blank name. A complete value can still be invalid (Luhn, expired).
   */
  complete: boolean;
  /** The value would be accepted now. */
  valid: boolean;
  /**
   * The error the shopper sees: set on blur or by validateAll(), cleared as soon as the value is
   * valid, so it mirrors the screen rather than every keystroke.
   */
  error: FieldError | undefined;
}

/** What the card form reports in every `svc-change` event and in its `state` property: never a value. */
export interface CardFormState {
  /** Brand id (`visa`, `mastercard`, `elo`, …) once detected. */
  brand: string | undefined;
  /** Every required field is valid: submit() would tokenize. */
  complete: boolean;
  /** Each field's flags and error code. */
  fields: Record<FieldName, FieldState>;
}

/**
 * How the card fields look inside the card frame. The variables are CSS values the frame sets as custom
 * properties (colours are CSS colours, sizes CSS lengths); a value the browser does not accept for its
 * property is ignored. `theme` and `labelPosition` take one of a few words, checked by `new Checkout`.
 */
export interface Appearance {
  /**
   * `'light'` (the default) or `'dark'`: defaults of the colour variables for a dark page, meeting WCAG
   * AA on a page from black to `#222` (text 4.5:1, borders and focus ring 3:1). Any colour variable you
   * set wins over the theme's. No `'auto'`: inside the frame the shopper's scheme cannot be read, so pass
   * your page's.
   */
  theme?: 'light' | 'dark';
  /**
   * `'above'` (the default): each label above its input. `'hidden'`: labels are visually hidden but stay
   * the inputs' accessible names, and an input with no placeholder of its own shows its label as one.
   */
  labelPosition?: 'above' | 'hidden';
  /**
   * Labels, hints, typed text and, at 70 %, placeholders (`--svc-color-text`); default `#1f2328`.
   */
  colorText?: string;
  /** The fields' background (`--svc-color-background`); default `#fff`. */
  colorBackground?: string;
  /** The fields' borders (`--svc-color-border`); default `#6e7781`. */
  colorBorder?: string;
  /** The focus ring and the checkbox (`--svc-color-focus`); default `#0969da`. */
  colorFocus?: string;
  /** Error text and the border of a field in error (`--svc-color-error`); default `#cf222e`. */
  colorError?: string;
  /** A CSS font-family list (`--svc-font-family`); default the system UI font. */
  fontFamily?: string;
  /** The fields' font size (`--svc-font-size`); default `16px`. */
  fontSize?: string;
  /** The labels' font weight, such as `400` or `bold` (`--svc-font-weight-label`); default `500`. */
  fontWeightLabel?: string;
  /** The fields' corner radius (`--svc-radius`); default `6px`. */
  radius?: string;
  /**
   * The width of the fields' borders, as CSS `border-width` takes it: one width, or up to four such as
   * `0 0 2px` for a line under each field (`--svc-border-width`); default `1px`.
   */
  borderWidth?: string;
  /**
   * The space between the fields (`--svc-spacing`), and inside them unless `inputPadding` is set;
   * default `12px`.
   */
  spacing?: string;
  /**
   * The space inside each input, as the CSS `padding` takes it, such as `10px 14px`
   * (`--svc-input-padding`); default three quarters of `spacing` above and below, `spacing` at the sides.
   */
  inputPadding?: string;
}

/** What the merchant may know of a card: masked data only, never more digits. */
export interface CardDetails {
  /** Network name as Payment/Init's brandName wants it (`Visa`, `Mastercard`, `Elo`, …). */
  brand: string;
  /** The card number's last four digits, for showing the shopper which card paid. */
  last4: string;
  /** First six and last four digits with asterisks between (antifraud-only variant). */
  maskedNumber: string;
  /** The card's expiry month, 1 to 12. */
  expirationMonth: number;
  /** The card's expiry year, four digits. */
  expirationYear: number;
}

/** How a card pays: by credit, or by debit (one installment, with a 3DS authentication). */
export type Funding = 'credit' | 'debit';

/** What a successful tokenization hands the merchant: all their backend needs for Payment/Init. */
export interface CardTokenResult extends CardDetails, ThreeDsResult {
  /** Always true: the card was tokenized (and, with 3DS, authenticated). */
  ok: true;
  /** The card token: send it to your backend, which passes it to Payment/Init as `cardInfo.token`. */
  token: string;
  /** False only when the shopper asked to save the card. */
  singleUse: boolean;
  /**
   * The shopper's choice of installments (the `installments` option): Payment/Init's
   * `paymentMethods[].installments`. Absent when the form offered none.
   */
  installments?: number;
  /**
   * The shopper's CPF or CNPJ (the `documentField` option), letters upper case and no punctuation, its
   * check digits verified: Payment/Init's `customer.document` (and `billingInfo.document`). Personal
   * data: keep it out of logs.
   */
  document?: string;
  /** `CPF` (11 digits) or `CNPJ` (14 characters), with `document`: `customer.documentType`. */
  documentType?: 'CPF' | 'CNPJ';
  /**
   * How the card pays: `debit` for a debit card, or for a combo card (crédito e débito) whose shopper
   * chose debit (the `debit` option asks them); `credit` otherwise. Payment/Init's
   * `paymentMethods[].funding`: a debit pays in one installment, with its 3DS authentication.
   */
  funding?: Funding;
  /** The spec's frontData as the service received it, with ipAddress and acceptHeader it added: pass it to Payment/Init. */
  frontData: Readonly<Record<string, string>>;
  /**
   * How the shopper proved a stored card (`mountStoredCard()`): `cvv`, its security code, or `passkey`,
   * a passkey they added to the card earlier (biometrics or the device's lock). A passkey is not an
   * issuer's check: it brings no liability shift (3DS, when the account runs it, does). Absent for a new card.
   */
  verification?: 'cvv' | 'passkey';
}

/**
 * What a 3DS authentication adds to the result (accounts with 3DS on). `code`, `referenceId` and
 * `transactionId` are what the merchant backend sends in Payment/Init's AuthenticationInformation.
 */
export interface ThreeDsResult {
  /** The 3DS authentication code: AuthenticationInformation `Code` of Payment/Init. */
  code?: string;
  /** The 3DS reference: AuthenticationInformation `ReferenceId` of Payment/Init. */
  referenceId?: string;
  /** The 3DS transaction: AuthenticationInformation `TransactionId` of Payment/Init. */
  transactionId?: string;
  /**
   * The final EMV transStatus: Y (authenticated), A (attempted) or U (not available). N and R never
   * reach a result: they end in a CheckoutError of type authentication.
   */
  status?: 'Y' | 'A' | 'U';
  /** The Electronic Commerce Indicator, when the service sent one (e.g. 05 Visa, 02 Mastercard). */
  eci?: string;
  /** Who bears a fraud chargeback: `full` (Y) and `partial` (A) move it to the issuer; `none` (U). */
  liabilityShift?: 'full' | 'partial' | 'none';
  /**
   * How the issuer verified the shopper when it asked to: `challenge` (a one-time code in the challenge
   * dialog) or `spc` (the card's passkey at the bank, in the browser's Secure Payment Confirmation sheet).
   * Absent when no challenge ran (frictionless).
   */
  authenticationMethod?: 'challenge' | 'spc';
}

/** An expected failure (a decline, invalid input, the network): a value to handle, not an exception. */
export interface Failure {
  /** Always false: see `error`. */
  ok: false;
  /** What went wrong: a stable `code` and `type` to switch on, and a message for developers. */
  error: CheckoutError;
}

/** What `submit()` and `tokenizeCard()` resolve to, and what the `callback` option receives. */
export type CardResult = CardTokenResult | Failure;

/**
 * A payment's state at the engine. `authorized` (a card) and `paid` (a PIX the shopper paid) are paid;
 * `declined` and `expired` are not, and the order can be paid again; `pending` waits for the shopper
 * (a PIX) or the engine.
 */
export type PaymentStatus = 'authorized' | 'declined' | 'pending' | 'paid' | 'expired';

/** What the shopper pays a PIX with, from their bank app. */
export interface PixCode {
  /** The BR Code "copia e cola" payload: show it as a QR code and offer to copy it. */
  brCode: string;
  /** When the PIX expires (ISO 8601); the payment then ends `expired`. */
  expiresAt: string;
}

/** Who pays a boleto: the shopper's name, CPF or CNPJ and address, as their bank registers it. */
export interface BoletoPayer {
  /** The name printed on the boleto. */
  name: string;
  /** The CPF or CNPJ, with or without its punctuation. */
  document: string;
  /** The payer's address, as the bank registers it. */
  address: {
    /** The street. */
    street: string;
    /** The street number; `S/N` for none. */
    number: string;
    /** The flat, block or floor, if any. */
    complement?: string;
    /** The district (bairro). */
    neighborhood: string;
    /** The city. */
    city: string;
    /** The UF, such as `SP`. */
    state: string;
    /** The CEP, `01310-100` or `01310100`. */
    postalCode: string;
  };
}

/** A boleto the shopper pays at their bank by its due date, as the service issued it. */
export interface Boleto {
  /** The barcode's 44 digits, drawn as Interleaved 2 of 5. */
  barcode: string;
  /** The linha digitável's 47 digits, which the shopper types or pastes in their bank's app. */
  digitableLine: string;
  /** The due date, `YYYY-MM-DD` in São Paulo's calendar; unpaid after it, the payment ends `expired`. */
  dueDate: string;
  /** What it pays, in the currency's whole unit (`42.5`). */
  amount: number;
  /** The service's page that prints it. */
  printUrl: string;
}

/**
 * A payment the script made for the session's order (client script for everything): what the page
 * shows. Your backend reads the full record with Payment/Status, or learns it from the webhook.
 */
export interface Payment {
  /** The engine's id of the payment. */
  paymentId: string;
  /** Your order's reference, the one your backend gave NewSession. */
  partnerUniqueId: string;
  /** Where the payment stands; see {@link PaymentStatus}. */
  status: PaymentStatus;
  /** How it was paid: `card`, `card_3ds`, `pix` or `boleto`. */
  method: string;
  /** The order's amount, as the session holds it: in the currency's whole unit (`42.5`), never cents. */
  amount?: number;
  /** The order's currency (ISO 4217), as the session holds it. */
  currency?: string;
  /** The shopper's choice of installments (a card). */
  installments?: number;
  /** The card's brand (a card). */
  brand?: string;
  /** The card's last four digits (a card). */
  last4?: string;
  /** Why the issuer declined it (`do_not_honor`, `insufficient_funds`, `card_blocked`), when declined. */
  declineReason?: string;
  /** A PIX's code for the shopper's bank app. */
  pix?: PixCode;
  /** A boleto's barcode, digitable line, due date and print page, while it waits to be paid. */
  boleto?: Boleto;
  /** When a payment that waits for the shopper (a PIX, a boleto) expires unpaid (ISO 8601). */
  expiresAt?: string;
}

/** A payment that did not pay: the error says why (`payment_declined`, `payment_expired`, …). */
export interface PaymentFailure extends Failure {
  /** The payment as the engine last told it, when there was one. */
  payment?: Payment;
}

/** A payment that paid: `authorized` (a card) or `paid` (a PIX). */
export interface PaymentSuccess {
  /** Always true: the order is paid. */
  ok: true;
  /** The payment. */
  payment: Payment;
}

/** What `pay()` resolves to, and what the `onPayment` option receives: paid, or why not. */
export type PaymentResult = PaymentSuccess | PaymentFailure;

/**
 * Where a `pay()` is, for showing progress: `tokenizing` (the card form's submit, 3DS included),
 * `paying` (Payment/Init), `pending` (the payment waits: a PIX for the shopper to pay, with its code in
 * `payment.pix`) and `checking` (each check of its status).
 */
export interface PaymentProgress {
  /** The step reached. */
  step: 'tokenizing' | 'paying' | 'pending' | 'checking';
  /** The payment, once there is one (`pending` and `checking`). */
  payment?: Payment;
}

/** What `pay()` takes. */
export interface PayOptions extends CallOptions {
  /**
   * How the shopper pays: `card` (default: the mounted card form), `pix` or `boleto` (no form needed;
   * a boleto needs its `payer`).
   */
  method?: 'card' | 'pix' | 'boleto';
  /**
   * With `pix` or `boleto`: the element (or a selector for it) where the script shows the code (the QR
   * code, or the boleto's barcode, digitable line and print link) and the payment's state, in the
   * shopper's language. Leave it out to show `payment.pix` or `payment.boleto` yourself.
   */
  target?: string | Element;
  /** With `boleto`: who pays it, as a registered boleto names them. Checked before anything is sent. */
  payer?: BoletoPayer;
  /** Hears each {@link PaymentProgress} step. */
  onProgress?: (progress: PaymentProgress) => void;
}

/**
 * What `showPayment()` takes: where to show the payment your backend made for the session (a PIX or a
 * boleto), and how to stop following it.
 */
export interface ShowPaymentOptions extends CallOptions {
  /**
   * The element (or a selector for it) where the script shows the code (the Pix QR code and the code to
   * copy, or the boleto's barcode, digitable line and print link) and the payment's state, in the
   * shopper's language. Leave it out to show `payment.pix` or `payment.boleto` yourself.
   */
  target?: string | Element;
  /** Hears each {@link PaymentProgress} step: `checking` (each read), `pending` (it waits for the shopper). */
  onProgress?: (progress: PaymentProgress) => void;
}

/** A saved card from Token/List: masked data only. */
export interface StoredCard extends CardDetails {
  /** The stored card's token: pass the card to `mountStoredCard()`. */
  token: string;
  /** The name on the card, when it was saved with one. */
  cardHolderName?: string;
  /** The card is past its expiry date: show it as such, or leave it out. */
  expired: boolean;
  /**
   * The shopper added a passkey to this card (on some device): with the `passkeys` option,
   * `mountStoredCard()` offers it before the security code.
   */
  passkey: boolean;
}

/** What `listStoredCards()` resolves to. */
export type StoredCardsResult =
  | {
      /** Always true: the service answered (the list may be empty). */
      ok: true;
      /** The cards, expired ones included. */
      cards: StoredCard[];
    }
  | Failure;

/** Payment/Init takes 1 to 48 installments. */
export const MAX_INSTALLMENTS = 48;

/** One choice of installments (parcelas) the shopper may pick. */
export interface InstallmentPlan {
  /** How many installments, 1 to 48 (Payment/Init's limit). */
  count: number;
  /** The amount of each installment in the currency's whole unit (`33.34`, never cents), shown with the count. */
  amount?: number;
  /** Shown as interest-free (`true`) or with interest (`false`); neither when unset. */
  interestFree?: boolean;
}

/**
 * One plan of Payment/InstallmentPlans' answer, as the service computed it from the order
 * (docs/service-contract.md, Installment plans). Amounts in the currency's whole unit; rates in percent
 * with two decimals (`1.99` is 1,99% a.m.).
 */
export interface OrderInstallmentPlan {
  /** How many installments. */
  installments: number;
  /** Each installment (after the first, when an interest-free split leaves cents over). */
  installmentAmount: number;
  /** The first installment: an interest-free plan's carries the cents the split leaves over. */
  firstInstallmentAmount: number;
  /** What the shopper pays in all. */
  totalAmount: number;
  /** No interest ("sem juros"): every rate is 0. */
  interestFree: boolean;
  /** Interest a month (% a.m.). */
  monthlyRate: number;
  /** The monthly rate compounded over a year (% a.a.). */
  yearlyRate: number;
  /** The custo efetivo total (CET) a month. */
  cetMonthly: number;
  /** The CET a year. */
  cetYearly: number;
}

/**
 * Payment/InstallmentPlans' answer: the order's cash price and every plan. Given as the `installments`
 * option as it came, the card form offers these plans and shows, for each with interest, the cash price,
 * the installments, the total, the rates and the CET, as a Brazilian shop must when it finances.
 */
export interface OrderInstallmentPlans {
  /** The cash price (the order's amount). */
  amount: number;
  /** ISO 4217. */
  currency: string;
  /** Which plans these are: a debit has plan 1 only. */
  funding?: 'credit' | 'debit';
  /** Every plan, 1 to the order's most installments (1 only for a debit). */
  plans: readonly OrderInstallmentPlan[];
}

/** The `installments` option: what the card form offers, as a select under the card fields. */
export interface InstallmentsOptions {
  /** The choices in order, the first selected at first: counts (`[1, 2, 3]`) or plans; each count once. */
  plans: readonly (number | InstallmentPlan)[];
  /** The ISO 4217 code of the amounts; default `BRL`. */
  currency?: string;
}

/** What every async method of the `Checkout` takes besides its own arguments. */
export interface CallOptions {
  /** Stops the call: it resolves `{ok: false}` with code `aborted` (an open 3DS challenge is cancelled). */
  signal?: AbortSignal;
}

/** A card from the merchant's own form (headless mode, SAQ A-EP). */
export interface HeadlessCard {
  /** The card number; spaces and dashes are ignored. */
  cardNumber: string;
  /** The expiry month, 1 to 12. */
  expirationMonth: number;
  /** The expiry year, four digits. */
  expirationYear: number;
  /** The security code, as long as the brand needs (3 digits, 4 for Amex). */
  cvv: string;
  /** The name on the card. */
  cardHolderName?: string;
  /** The shopper consented to save the card. */
  saveCard?: boolean;
}

/** The options of the headless methods: a signal, and the 3DS progress a page can show. */
export interface HeadlessOptions extends CallOptions {
  /**
   * Hears each 3DS step of this call (`collection-started`, `collection-finished` or
   * `collection-timed-out`, `challenge-shown`, `challenge-finished`), as the card form's `svc-3ds` event.
   */
  onThreeDsStep?: (step: ThreeDsStep) => void;
}

/** What `prepareAuthentication()` resolves to. */
export type PreparationResult =
  | {
      /** Always true: the setup and the device data collection ended (or the 10 s cap did). */
      ok: true;
      /**
       * The setup's code for Token/Generate's `authenticationInformation.code`; absent when the
       * account does not run 3DS (send no `authenticationInformation` then).
       */
      code?: string;
    }
  | Failure;

/** What `authenticate()` resolves to: the fields Payment/Init's AuthenticationInformation takes. */
export type AuthenticationResult =
  | ({
      /** Always true: the shopper may pay with this card (3DS status Y, A or U). */
      ok: true;
    } & Required<Omit<ThreeDsResult, 'eci' | 'authenticationMethod'>> &
      Pick<ThreeDsResult, 'eci' | 'authenticationMethod'>)
  | Failure;

/**
 * Where the wallets' scripts come from, for testing against the sandbox: its stand-ins for Google's
 * pay.js and Apple Pay JS (`{walletsUrl}/gp/p/js/pay.js`, `{walletsUrl}/jsapi/1.latest/apple-pay-sdk.js`;
 * docs/testing.md). Left out, each wallet's own script is loaded, from Google and from Apple.
 */
export interface WalletScripts {
  /** Google Pay's pay.js. */
  googlePay?: string;
  /** Apple Pay JS (the `<apple-pay-button>` element, and `ApplePaySession` where the browser has none). */
  applePay?: string;
}

/** What a merchant passes to `new Checkout(...)`. Unknown keys are refused, not ignored. */
export interface CheckoutOptions {
  /**
   * From the merchant backend's Token/NewSession; or a promise of it, so the card form starts loading
   * while your backend creates the session (the fields show once it resolves; a rejection makes the
   * form unavailable with `session_unavailable`).
   */
  sessionId: string | PromiseLike<string>;
  /** The merchant account name. */
  account: string;
  /** `sandbox` or `production`; it picks the default token host. */
  environment: Environment;
  /** Called with every submit's outcome, the same value the promise resolves to. */
  callback?: (result: CardResult) => void;
  /**
   * Client script for everything (spec 1): the script pays the session's order itself. With it set,
   * Enter in the card form runs `pay()` instead of `submit()`, and this gets every `pay()`'s final
   * result: paid, or why not. The session must be created with the order (docs/guides/client-script-for-everything.md).
   */
  onPayment?: (result: PaymentResult) => void;
  /** A BCP 47 tag; `pt-PT` falls back to `pt-BR`, anything unknown to English. Default: the browser's. */
  locale?: string;
  /**
   * Replace shipped strings, by key: the keys of `src/i18n/en.ts`, and of the passkeys' and the
   * wallets' strings (`src/i18n/passkey.ts`, `wallet.ts`). Not the Pix code's, nor the sentence of a
   * frame the token host refuses (docs/localisation.md says why).
   */
  messages?: Partial<Record<OverrideKey, string>>;
  /** Colours, font and spacing of the fields, applied inside the frame. */
  appearance?: Appearance;
  /** Show a "save this card" checkbox; only a ticked box creates a reusable token. */
  saveCard?: boolean;
  /**
   * Passkeys for stored cards (off by default): once a shopper proves a stored card with its security
   * code, or saves a card, the card frame offers "Use a passkey next time"; a stored card with a passkey
   * is then paid with it (fingerprint, face or screen lock) instead of the code, which stays one tap
   * away. The outcome of each offer comes as `svc-passkey`; a bind says how it was proved in
   * `verification`. See docs/guides/passkeys.md.
   */
  passkeys?: boolean;
  /**
   * Take debit as well as credit (off by default): when the shopper types a combo card (crédito e
   * débito, the Brazilian "múltiplo"), the card form asks "Crédito ou débito?", and a debit hides the
   * installments. The result's `funding` says how the card pays; send it to Payment/Init with the token.
   * A debit pays in one installment, after 3DS, which a card that can pay by debit runs on every account.
   * See docs/guides/debit-and-combo-cards.md.
   */
  debit?: boolean;
  /**
   * Offer installments (parcelas) in the card form; the shopper's choice comes back in the result's
   * `installments`. Either the plans you word yourself, or Payment/InstallmentPlans' answer as your
   * backend got it (`OrderInstallmentPlans`), whose plans with interest show their total, rates and CET.
   * Leave it out for one payment.
   */
  installments?: InstallmentsOptions | OrderInstallmentPlans;
  /**
   * Show a field for the shopper's tax id, required once shown, with its check digits verified: `cpf`
   * (people; a digits keyboard) or `cpf-cnpj` (people and companies, the letters of the new CNPJ
   * included). It comes back in the result's `document` and `documentType`. Off by default.
   */
  documentField?: 'cpf' | 'cpf-cnpj';
  /**
   * The token host, an https URL (http only on localhost). Required in production, where it comes with
   * onboarding; for `sandbox` the default is the local emulator.
   */
  tokenUrl?: string;
  /**
   * The payment engine ({engine_url}), where `pay()` makes and follows the payment: an https URL (http
   * only on localhost). Required in production to use `pay()`; for `sandbox` the default is the local
   * emulator's {sandbox_url}.
   */
  engineUrl?: string;
  /**
   * How long the shopper has for a 3DS challenge before it ends with `challenge_timeout`, in
   * milliseconds. Default 600 000 (10 minutes); from 30 000 to 3 600 000 (an hour).
   */
  challengeTimeoutMs?: number;
  /**
   * Where the wallets' scripts come from (full build): leave it out for Google's and Apple's own; the
   * sandbox's stand-ins for tests (docs/testing.md). Each an https URL, http only on localhost.
   */
  walletScripts?: WalletScripts;
}
