// The wallets as the running sandbox plays them: the keys of Google and of Apple (made at start, kept
// until the process ends, rotated when the clock passes them), the service's own keys (its Google Pay
// recipient key, its merchants' Apple Pay Payment Processing keys), sealing a token for a test card,
// and opening one for Payment/Init with the checks a payment provider adds: the token is for this
// merchant, for this amount, and has not paid before.

import { randomBytes } from 'node:crypto';
import {
  issueCertificate,
  readCertificate,
  type ApplePaySigner,
  type SandboxCertificate,
} from './apple-pki.ts';
import {
  APPLE_PAY_MAX_SIGNATURE_AGE_MS,
  CURRENCY_NUMERIC,
  newPaymentProcessingKey,
  openApplePayToken,
  sealApplePayToken,
} from './apple-pay.ts';
import type { WalletKeys } from '../http/context.ts';
import type {
  ApplePayPaymentData,
  ApplePaySealRequest,
  GooglePaySealRequest,
  OpenedWalletToken,
  PaymentProcessingKey,
  WalletCard,
  WalletOpenExpectations,
  WalletProvider,
  WalletTestCard,
} from '../records.ts';
import { minorDigits, toMinorUnits } from '../payments/money.ts';
import { newP256, refuse, ReplayGuard } from './common.ts';
import {
  newGoogleSigningKey,
  openGooglePayToken,
  sealGooglePayToken,
  signIntermediateKey,
  type GooglePayPaymentData,
  type GoogleSigningKey,
  type IntermediateSigningKey,
} from './google-pay.ts';
import { testCardExpiry } from './test-cards.ts';

/** The gateway name the service registers with Google; merchants put it in tokenizationSpecification. */
export const GOOGLE_PAY_GATEWAY = 'servicesandbox';
/** Who Google encrypts and signs gateway tokens for ("Verify the signature": recipient_id). */
const GOOGLE_PAY_RECIPIENT_ID = `gateway:${GOOGLE_PAY_GATEWAY}`;

const DAY_MS = 86_400_000;
/** How long a sealed Google Pay token opens (its messageExpiration), unless a test says otherwise. */
const GOOGLE_PAY_MESSAGE_LIFETIME_MS = 7 * DAY_MS;
/** Google's intermediate signing keys expire; the sandbox's each last 30 days. */
const GOOGLE_PAY_INTERMEDIATE_KEY_LIFETIME_MS = 30 * DAY_MS;
const GOOGLE_PAY_ROOT_KEY_LIFETIME_MS = 10 * 365 * DAY_MS;
/** Apple's signing (leaf) certificates last about two years; its CAs far longer. */
const APPLE_LEAF_LIFETIME_MS = 2 * 365 * DAY_MS;
const APPLE_CA_LIFETIME_MS = 30 * 365 * DAY_MS;

function isTestCard(card: WalletTestCard | WalletCard): card is WalletTestCard {
  return 'deviceNumber' in card;
}

/** A one-time cryptogram as networks issue them (20 bytes, base64: a TAVV's size). */
const newCryptogram = (): string => randomBytes(20).toString('base64');

export class Wallets implements WalletKeys {
  readonly #now: () => number;
  readonly #googleRoots: GoogleSigningKey[] = [];
  #googleIntermediate: {
    privateKey: GoogleSigningKey['privateKey'];
    signed: IntermediateSigningKey;
    keyExpiration: number;
  };
  /** The service's recipient key pair for Google Pay gateway tokens. */
  readonly #gatewayKey = newP256();
  readonly #appleRoot: SandboxCertificate;
  readonly #appleIntermediate: SandboxCertificate;
  #appleLeaf: SandboxCertificate;
  /** Payment Processing keys by publicKeyHash, each with the account that registered it. */
  readonly #merchantKeys = new Map<string, PaymentProcessingKey & { account: string }>();
  readonly #replay: Record<WalletProvider, ReplayGuard> = {
    WalletAPay: new ReplayGuard(),
    WalletBPay: new ReplayGuard(),
  };

  constructor(now: () => number) {
    this.#now = now;
    const start = now();
    this.#googleIntermediate = this.#newIntermediate(start);
    const notBefore = new Date(start - APPLE_CA_LIFETIME_MS);
    const notAfter = new Date(start + APPLE_CA_LIFETIME_MS);
    this.#appleRoot = issueCertificate({
      commonName: 'Sandbox Root CA - G3',
      notBefore,
      notAfter,
      role: 'root',
    });
    this.#appleIntermediate = issueCertificate({
      commonName: 'Sandbox Application Integration CA - G3',
      notBefore,
      notAfter,
      role: 'intermediate',
      issuer: this.#appleRoot,
    });
    this.#appleLeaf = this.#newLeaf(start);
  }

  #root(now: number): GoogleSigningKey {
    const current = this.#googleRoots.at(-1);
    if (current !== undefined && current.keyExpiration > now + GOOGLE_PAY_INTERMEDIATE_KEY_LIFETIME_MS)
      return current;
    const root = newGoogleSigningKey(now + GOOGLE_PAY_ROOT_KEY_LIFETIME_MS);
    this.#googleRoots.push(root);
    return root;
  }

  #newIntermediate(now: number) {
    const { privateKey, publicKey } = newP256();
    const keyExpiration = now + GOOGLE_PAY_INTERMEDIATE_KEY_LIFETIME_MS;
    return {
      privateKey,
      keyExpiration,
      signed: signIntermediateKey(this.#root(now), publicKey, keyExpiration),
    };
  }

  #newLeaf(now: number): SandboxCertificate {
    return issueCertificate({
      commonName: 'sandbox-smp-broker-sign',
      notBefore: new Date(now - DAY_MS),
      notAfter: new Date(now + APPLE_LEAF_LIFETIME_MS),
      role: 'leaf',
      issuer: this.#appleIntermediate,
    });
  }

  /**
   * Google rotates its intermediate key before it would expire under a token of the usual lifetime. A
   * test that asks for a longer messageExpiration sees the key expire first.
   */
  #intermediateFor(now: number) {
    if (this.#googleIntermediate.keyExpiration <= now + GOOGLE_PAY_MESSAGE_LIFETIME_MS) {
      this.#googleIntermediate = this.#newIntermediate(now);
    }
    return this.#googleIntermediate;
  }

  /** Apple's signing certificate valid at the signing time (a new one when the clock left the old). */
  #signerFor(signingTime: number): ApplePaySigner {
    const { notBefore, notAfter } = readCertificate(this.#appleLeaf.der);
    if (signingTime < notBefore.getTime() || signingTime > notAfter.getTime()) {
      this.#appleLeaf = this.#newLeaf(signingTime);
    }
    return { leaf: this.#appleLeaf, intermediate: this.#appleIntermediate };
  }

  /** The Payment Processing key the service holds for this account's merchant identifier (made on first use). */
  applePayMerchantKey(account: string, merchantIdentifier: string): PaymentProcessingKey {
    for (const key of this.#merchantKeys.values()) {
      if (key.account === account && key.merchantIdentifier === merchantIdentifier) return key;
    }
    const key = { ...newPaymentProcessingKey(merchantIdentifier), account };
    this.#merchantKeys.set(key.publicKeyHash, key);
    return key;
  }

  /** The token string Google Pay hands the page for this card. */
  sealGooglePay(request: GooglePaySealRequest): string {
    const now = this.#now();
    const { card } = request;
    const authMethod = request.authMethod ?? (isTestCard(card) ? card.googleAuthMethod : 'PAN_ONLY');
    const expiry = isTestCard(card) ? testCardExpiry(now) : card;
    const cryptogram = authMethod === 'CRYPTOGRAM_3DS';
    const messageExpiration = request.messageExpiration ?? now + GOOGLE_PAY_MESSAGE_LIFETIME_MS;
    const paymentData: GooglePayPaymentData = {
      gatewayMerchantId: request.gatewayMerchantId,
      messageExpiration: String(messageExpiration),
      messageId: request.messageId ?? randomBytes(36).toString('base64url'),
      paymentMethod: 'CARD',
      paymentMethodDetails: {
        pan: cryptogram && isTestCard(card) ? card.deviceNumber : card.number,
        expirationMonth: expiry.expirationMonth,
        expirationYear: expiry.expirationYear,
        authMethod,
        ...(cryptogram
          ? {
              cryptogram: newCryptogram(),
              ...(isTestCard(card) ? { eciIndicator: card.eci } : {}),
            }
          : {}),
      },
    };
    const intermediate = this.#intermediateFor(now);
    return sealGooglePayToken(paymentData, {
      intermediate: { privateKey: intermediate.privateKey, intermediateSigningKey: intermediate.signed },
      recipientPublicKey: this.#gatewayKey.publicKey,
      recipientId: request.recipientId ?? GOOGLE_PAY_RECIPIENT_ID,
    });
  }

  /** The `paymentData` Apple Pay hands the page for this card (Payment/Init takes it serialized). */
  sealApplePay(request: ApplePaySealRequest): ApplePayPaymentData {
    const signingTime = request.signingTime ?? this.#now();
    const { card } = request;
    const expiry = isTestCard(card) ? testCardExpiry(signingTime) : card;
    const lastDay = new Date(Date.UTC(expiry.expirationYear, expiry.expirationMonth, 0)).getUTCDate();
    const currencyCode = CURRENCY_NUMERIC[request.currency];
    if (currencyCode === undefined) throw new Error(`no ISO 4217 numeric code known for ${request.currency}`);
    return sealApplePayToken(
      {
        payment: {
          applicationPrimaryAccountNumber: isTestCard(card) ? card.deviceNumber : card.number,
          applicationExpirationDate: [expiry.expirationYear % 100, expiry.expirationMonth, lastDay]
            .map((part) => String(part).padStart(2, '0'))
            .join(''),
          currencyCode,
          transactionAmount: Math.round(request.amount * 10 ** minorDigits(request.currency)),
          deviceManufacturerIdentifier: '040010030273',
          paymentDataType: '3DSecure',
          paymentData: {
            onlinePaymentCryptogram: newCryptogram(),
            ...(isTestCard(card) ? { eciIndicator: card.eci } : {}),
          },
        },
        signingTime,
        ...(request.transactionId === undefined ? {} : { transactionId: request.transactionId }),
        ...(request.applicationData === undefined ? {} : { applicationData: request.applicationData }),
      },
      {
        signer: this.#signerFor(signingTime),
        merchant: this.applePayMerchantKey(request.account, request.merchantIdentifier),
      },
    );
  }

  /**
   * Opens a token for a payment of `expect.account`, or throws the WalletTokenError that says why not.
   * Nothing is remembered: `spend` does that once the payment is stored.
   */
  open(provider: WalletProvider, token: string, expect: WalletOpenExpectations): OpenedWalletToken {
    const now = this.#now();
    if (provider === 'WalletAPay') {
      const data = openGooglePayToken(
        token,
        {
          rootKeys: this.#googleRoots,
          recipientPrivateKey: this.#gatewayKey.privateKey,
          recipientId: GOOGLE_PAY_RECIPIENT_ID,
        },
        { now, ...(expect.evenIfPaid === true ? {} : { replay: this.#replay.WalletAPay }) },
      );
      if (data.gatewayMerchantId !== expect.account) {
        throw refuse(
          'wrong_recipient',
          `the token is for gatewayMerchantId "${data.gatewayMerchantId}", not this account ("${expect.account}")`,
        );
      }
      const details = data.paymentMethodDetails;
      return {
        provider,
        id: data.messageId,
        rememberUntil: Number(data.messageExpiration),
        number: details.pan,
        expirationMonth: details.expirationMonth,
        expirationYear: details.expirationYear,
        authMethod: details.authMethod,
        eci: details.eciIndicator,
        cryptogram: details.cryptogram,
      };
    }
    const opened = openApplePayToken(
      token,
      {
        trustedRoots: [this.#appleRoot.x509],
        merchantKey: (hash) => this.#merchantKeys.get(hash),
      },
      { now, ...(expect.evenIfPaid === true ? {} : { replay: this.#replay.WalletBPay }) },
    );
    if (this.#merchantKeys.get(opened.publicKeyHash)?.account !== expect.account) {
      throw refuse(
        'wrong_recipient',
        `the token is for merchant identifier "${opened.merchantIdentifier}" of another account`,
      );
    }
    const { payment } = opened;
    // Without a currency (the sandbox control), the amount is read in the token's own currency.
    const currency =
      expect.currency ??
      Object.keys(CURRENCY_NUMERIC).find((alpha) => CURRENCY_NUMERIC[alpha] === payment.currencyCode);
    const amountMatches =
      expect.amount === undefined ||
      (currency !== undefined && toMinorUnits(expect.amount, currency) === payment.transactionAmount);
    const currencyMatches =
      expect.currency === undefined || CURRENCY_NUMERIC[expect.currency] === payment.currencyCode;
    if (!amountMatches || !currencyMatches) {
      throw refuse(
        'amount_mismatch',
        'the token was authorized for another amount or currency than this payment method pays',
      );
    }
    const expiration = payment.applicationExpirationDate;
    return {
      provider,
      id: opened.transactionId,
      rememberUntil: opened.signingTime + APPLE_PAY_MAX_SIGNATURE_AGE_MS,
      number: payment.applicationPrimaryAccountNumber,
      expirationMonth: Number(expiration.slice(2, 4)),
      expirationYear: 2000 + Number(expiration.slice(0, 2)),
      authMethod: payment.paymentDataType,
      eci: payment.paymentData.eciIndicator,
      cryptogram: payment.paymentData.onlinePaymentCryptogram,
    };
  }

  /** Remembers a token that paid, so it never pays again. */
  spend(opened: OpenedWalletToken): void {
    this.#replay[opened.provider].remember(opened.id, opened.rememberUntil, this.#now());
  }

  /** Forgets which tokens paid (with the payments, on `/__sandbox/reset`); the keys stay. */
  reset(): void {
    this.#replay.WalletAPay.clear();
    this.#replay.WalletBPay.clear();
  }
}
