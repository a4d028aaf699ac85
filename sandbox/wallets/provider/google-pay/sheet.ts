// The stand-in Google Pay sheet's script, in its frame on the wallet origin (sheet-page.ts serves the
// document, ../scripts.ts bundles this). It shows the request the page posted, lets the tester pick a
// wallet test card, has the wallet origin's server seal the token, and answers the page: done,
// cancelled, an error, or (with PAYMENT_AUTHORIZATION) the PaymentData to authorize, waiting for the
// merchant's answer on a clock the page sets.

import {
  decodePageMessage,
  fits,
  MESSAGE,
  SHEET_ERRORS,
  type AuthorizationResult,
  type PageToSheet,
  type PaymentData,
  type SheetCard,
  type SheetError,
  type SheetRequest,
} from './protocol.ts';

/** Google's descriptions of the errors a tester can end the sheet with (reference/error-objects). */
const ERROR_MESSAGES: Readonly<Record<SheetError, string>> = {
  BUYER_ACCOUNT_ERROR: 'The current Google user is unable to provide payment information.',
  MERCHANT_ACCOUNT_ERROR: 'The site accessing the Google Pay API does not have the right permission.',
  INTERNAL_ERROR: 'General server error.',
};

const byId = (id: string): HTMLElement => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the sheet document has no #${id}`);
  return element;
};

const root = byId('sheet');
const targetOrigin = root.dataset['targetOrigin'] ?? '';
const sheetKey = root.dataset['sheetKey'] ?? '';
const gateway = root.dataset['gateway'] ?? '';
const cards = JSON.parse(root.dataset['cards'] ?? '[]') as SheetCard[];

const status = byId('gp-status');
const summary = byId('gp-summary');
const form = byId('gp-form') as HTMLFormElement;
const cardList = byId('gp-cards');
const errorText = byId('gp-error');
const payButton = byId('gp-pay') as HTMLButtonElement;
const cancelButton = byId('gp-cancel') as HTMLButtonElement;
const outcomes = byId('gp-outcomes');

const post = (message: Record<string, unknown>) => {
  window.parent.postMessage(message, targetOrigin);
};

let opened: Extract<PageToSheet, { type: typeof MESSAGE.open }> | undefined;
/** The authorization the page is asked for now: a later answer to an older one is dropped. */
let pending: { attempt: number; paymentData: PaymentData; timer: number } | undefined;
let attempts = 0;
let ended = false;

function end(message: Record<string, unknown>): void {
  if (ended) return;
  ended = true;
  if (pending !== undefined) window.clearTimeout(pending.timer);
  post(message);
}

function busy(on: boolean, text = ''): void {
  for (const control of form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')) {
    control.disabled = on && control !== cancelButton;
  }
  form.setAttribute('aria-busy', String(on));
  status.textContent = text;
}

function showError(message: string): void {
  errorText.textContent = message;
}

function formatTotal(request: SheetRequest): string {
  if (request.totalPrice === undefined) return '';
  try {
    return new Intl.NumberFormat(navigator.language, {
      style: 'currency',
      currency: request.currencyCode,
    }).format(Number(request.totalPrice));
  } catch {
    return `${request.currencyCode} ${request.totalPrice}`;
  }
}

function cardOption(card: SheetCard, checked: boolean): HTMLLabelElement {
  const label = document.createElement('label');
  label.className = 'card';
  const input = document.createElement('input');
  input.type = 'radio';
  input.name = 'card';
  input.value = card.id;
  input.checked = checked;
  const name = document.createElement('span');
  name.textContent = `${card.brand} •••• ${card.last4}`;
  const method = document.createElement('span');
  method.className = 'method';
  const kind = card.authMethod === 'PAN_ONLY' ? 'PAN_ONLY (card number)' : 'CRYPTOGRAM_3DS (device token)';
  method.textContent = `${kind} · sandbox issuer: ${card.outcome.replaceAll('_', ' ')}`;
  label.append(input, name, method);
  return label;
}

function show(message: Extract<PageToSheet, { type: typeof MESSAGE.open }>): void {
  opened = message;
  const { request } = message;
  byId('gp-merchant').textContent = request.merchantName ?? 'this merchant';
  byId('gp-total-label').textContent = request.totalPriceLabel ?? 'Total';
  byId('gp-total').textContent = formatTotal(request);
  byId('gp-environment').textContent = message.environment;
  summary.hidden = false;
  form.hidden = false;
  payButton.textContent = request.checkoutOption === 'COMPLETE_IMMEDIATE_PURCHASE' ? 'Pay' : 'Continue';
  status.textContent = '';
  const offered = cards.filter((card) => fits(card, request));
  cardList.append(...offered.map((card, index) => cardOption(card, index === 0)));
  // Google refuses a gateway it has not registered; the tester can only close the sheet (CANCELED).
  const refusal =
    request.gateway !== gateway
      ? `This merchant can't be paid here: the sandbox's Google Pay plays the gateway "${gateway}" only (tokenizationSpecification PAYMENT_GATEWAY), not ${JSON.stringify(request.gateway ?? 'DIRECT')}.`
      : offered.length === 0
        ? `No card in this wallet fits the request (networks ${request.allowedCardNetworks.join(', ')}; methods ${request.allowedAuthMethods.join(', ')}).`
        : undefined;
  if (refusal !== undefined) {
    showError(refusal);
    payButton.hidden = true;
    cardList.hidden = true;
    cancelButton.focus();
    return;
  }
  form.querySelector<HTMLInputElement>('input[name="card"]:checked')?.focus();
}

async function seal(request: SheetRequest, card: string): Promise<PaymentData> {
  const response = await fetch('/google-pay/sheet/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sheet-key': sheetKey },
    body: JSON.stringify({
      testCard: card,
      gateway: request.gateway,
      gatewayMerchantId: request.gatewayMerchantId,
      allowedAuthMethods: request.allowedAuthMethods,
      allowedCardNetworks: request.allowedCardNetworks,
      assuranceDetailsRequired: request.assuranceDetailsRequired,
      billingAddressRequired: request.billingAddressRequired,
      billingAddressFormat: request.billingAddressFormat,
      phoneNumberRequired: request.phoneNumberRequired,
      emailRequired: request.emailRequired,
      shippingAddressRequired: request.shippingAddressRequired,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { paymentData?: PaymentData; error?: { message?: string } };
  if (!response.ok || body.paymentData === undefined)
    throw new Error(body.error?.message ?? `the wallet answered ${String(response.status)}`);
  return body.paymentData;
}

async function pay(): Promise<void> {
  if (opened === undefined || ended || pending !== undefined) return;
  const card = form.querySelector<HTMLInputElement>('input[name="card"]:checked')?.value;
  if (card === undefined) return;
  errorText.textContent = '';
  busy(true, 'Processing…');
  let paymentData: PaymentData;
  try {
    paymentData = await seal(opened.request, card);
  } catch (error) {
    busy(false);
    showError(`The wallet could not pay: ${(error as Error).message}`);
    return;
  }
  if (!opened.request.authorizes) {
    end({ type: MESSAGE.done, paymentData });
    return;
  }
  attempts += 1;
  const attempt = attempts;
  const timer = window.setTimeout(() => {
    if (pending?.attempt !== attempt) return;
    pending = undefined;
    busy(false);
    // What Google's sheet shows when the merchant's callback does not answer (adyen-web #3113).
    showError('REQUEST_TIMEOUT: the merchant did not confirm the payment in time. Try again, or cancel.');
  }, opened.authorizationTimeoutMs);
  pending = { attempt, paymentData, timer };
  post({ type: MESSAGE.authorize, attempt, paymentData });
}

function authorized(attempt: number, result: AuthorizationResult): void {
  if (pending?.attempt !== attempt) return;
  const { paymentData, timer } = pending;
  window.clearTimeout(timer);
  pending = undefined;
  if (result.transactionState === 'SUCCESS') {
    end({ type: MESSAGE.done, paymentData });
    return;
  }
  busy(false);
  showError(result.error.message);
  form.querySelector<HTMLInputElement>('input[name="card"]:checked')?.focus();
}

window.addEventListener('message', (event) => {
  const message = decodePageMessage(
    { origin: event.origin, source: event.source, data: event.data },
    { origin: targetOrigin, source: window.parent === window ? null : window.parent },
  );
  if (message?.type === MESSAGE.open && opened === undefined) show(message);
  else if (message?.type === MESSAGE.authorization) authorized(message.attempt, message.result);
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void pay();
});
cancelButton.addEventListener('click', () => {
  end({ type: MESSAGE.cancel });
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') end({ type: MESSAGE.cancel });
});
for (const code of SHEET_ERRORS) {
  const button = outcomes.querySelector<HTMLButtonElement>(`button[data-error="${code}"]`);
  button?.addEventListener('click', () => {
    end({ type: MESSAGE.error, statusCode: code, statusMessage: ERROR_MESSAGES[code] });
  });
}

if (window.parent === window)
  status.textContent = 'This sheet opens from pay.js, in a frame of the page that pays.';
else post({ type: MESSAGE.ready });
