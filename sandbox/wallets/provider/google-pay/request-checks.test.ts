// What the stand-in pay.js refuses with DEVELOPER_ERROR (and the constructor throws for), case by case,
// against a request that passes: the mistakes an SDK can make, the Brazilian ones first.
import { describe, expect, it } from 'vitest';
import { buttonLabel, buttonLocale } from './button.ts';
import {
  checkIsReadyToPayRequest,
  checkPaymentDataRequest,
  environmentOf,
  type PaymentDataContext,
} from './request-checks.ts';

const card = (networks: string[] = ['VISA', 'MASTERCARD', 'ELO']) => ({
  type: 'CARD',
  parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: networks },
  tokenizationSpecification: {
    type: 'PAYMENT_GATEWAY',
    parameters: { gateway: 'servicesandbox', gatewayMerchantId: 'demo' },
  },
});

const valid = () => ({
  apiVersion: 2,
  apiVersionMinor: 0,
  merchantInfo: { merchantId: 'BCR2DN4T0000000', merchantName: 'Loja' },
  allowedPaymentMethods: [card()],
  transactionInfo: {
    currencyCode: 'BRL',
    countryCode: 'BR',
    totalPriceStatus: 'FINAL',
    totalPrice: '150.00',
    checkoutOption: 'COMPLETE_IMMEDIATE_PURCHASE',
  },
});

const TEST: PaymentDataContext = {
  environment: 'TEST',
  optionsMerchantId: undefined,
  callbacks: { set: false, onPaymentAuthorized: false, onPaymentDataChanged: false },
};

const check = (change: (request: ReturnType<typeof valid>) => unknown, context = TEST) => {
  const request = valid();
  const changed = change(request) ?? request;
  return checkPaymentDataRequest(changed, context);
};

describe('PaymentsClient constructor', () => {
  it('takes TEST (the default) and PRODUCTION, and throws an Error for anything else', () => {
    expect(environmentOf({})).toBe('TEST');
    expect(environmentOf(undefined)).toBe('TEST');
    expect(environmentOf({ environment: 'PRODUCTION' })).toBe('PRODUCTION');
    expect(() => environmentOf({ environment: 'SANDBOX' })).toThrow(Error);
    expect(() => environmentOf({ environment: 'test' })).toThrow(/Unsupported environment: "test"/);
  });
});

describe('isReadyToPay request', () => {
  it('passes without tokenizationSpecification, and checks the version and the card parameters', () => {
    const { tokenizationSpecification: _, ...method } = card();
    expect(
      checkIsReadyToPayRequest({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [method] }),
    ).toBe(undefined);
    expect(
      checkIsReadyToPayRequest({ apiVersion: 1, apiVersionMinor: 0, allowedPaymentMethods: [method] }),
    ).toBe('apiVersion must be 2; got 1');
    expect(
      checkIsReadyToPayRequest({ apiVersion: 2, apiVersionMinor: 1, allowedPaymentMethods: [method] }),
    ).toMatch(/^apiVersionMinor must be 0/);
    expect(
      checkIsReadyToPayRequest({
        apiVersion: 2,
        apiVersionMinor: 0,
        allowedPaymentMethods: [
          { ...method, parameters: { ...method.parameters, allowedCardNetworks: ['HIPERCARD'] } },
        ],
      }),
    ).toBe(
      'allowedPaymentMethods[0].parameters.allowedCardNetworks[0] must be one of AMEX, DISCOVER, ELECTRON, ELO, ELO_DEBIT, INTERAC, JCB, MAESTRO, MASTERCARD, VISA; got "HIPERCARD"',
    );
    expect(checkIsReadyToPayRequest({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [] })).toBe(
      'allowedPaymentMethods must be a non-empty array',
    );
  });
});

describe('loadPaymentData request', () => {
  it('passes a complete request for Brazil', () => {
    expect(check(() => undefined)).toBeUndefined();
  });

  it('refuses a totalPrice that is not a string of digits with two decimals, or missing for FINAL', () => {
    for (const price of ['150.0', '150,00', '1.234', '-1.00', ' 150', 150]) {
      expect(
        check((r) => {
          r.transactionInfo.totalPrice = price as string;
        }),
        String(price),
      ).toMatch(/^transactionInfo\.totalPrice must be a string matching/);
    }
    expect(check((r) => ({ ...r, transactionInfo: { ...r.transactionInfo, totalPrice: undefined } }))).toBe(
      'transactionInfo.totalPrice must be set when totalPriceStatus is FINAL',
    );
    expect(check((r) => void (r.transactionInfo.totalPrice = '150'))).toBeUndefined();
  });

  it('refuses COMPLETE_IMMEDIATE_PURCHASE unless the total is FINAL', () => {
    expect(check((r) => void (r.transactionInfo.totalPriceStatus = 'ESTIMATED'))).toBe(
      'transactionInfo.checkoutOption COMPLETE_IMMEDIATE_PURCHASE requires totalPriceStatus FINAL; got "ESTIMATED"',
    );
  });

  it('accepts ELO, ELO_DEBIT, MAESTRO and ELECTRON for Brazil only, each with its companion network', () => {
    const networks = (list: string[], country?: string) =>
      check((r) => {
        r.allowedPaymentMethods = [card(list)];
        if (country === undefined) delete (r.transactionInfo as { countryCode?: string }).countryCode;
        else r.transactionInfo.countryCode = country;
      });
    const path = 'allowedPaymentMethods[0].parameters.allowedCardNetworks';
    expect(networks(['ELO', 'ELO_DEBIT', 'MASTERCARD', 'MAESTRO', 'VISA', 'ELECTRON'], 'BR')).toBeUndefined();
    expect(networks(['ELO'], 'US')).toBe(
      `${path}: ELO is only supported when transactionInfo.countryCode is "BR"`,
    );
    expect(networks(['VISA', 'ELO'])).toMatch(
      /ELO is only supported when transactionInfo\.countryCode is "BR"/,
    );
    expect(networks(['ELO_DEBIT'], 'BR')).toBe(`${path}: ELO_DEBIT must be used together with ELO`);
    expect(networks(['MAESTRO', 'VISA'], 'BR')).toBe(
      `${path}: MAESTRO must be used together with MASTERCARD`,
    );
    expect(networks(['ELECTRON'], 'BR')).toBe(`${path}: ELECTRON must be used together with VISA`);
    expect(networks(['MASTERCARD', 'MAESTRO'], 'AR')).toMatch(/MAESTRO is only supported/);
  });

  it('needs a tokenizationSpecification with a gateway', () => {
    expect(
      check((r) => {
        const { tokenizationSpecification: _, ...method } = card();
        r.allowedPaymentMethods = [method as ReturnType<typeof card>];
      }),
    ).toBe('allowedPaymentMethods[0].tokenizationSpecification must be set');
    expect(
      check((r) => {
        r.allowedPaymentMethods[0]!.tokenizationSpecification.parameters = {
          gatewayMerchantId: 'demo',
        } as never;
      }),
    ).toBe('allowedPaymentMethods[0].tokenizationSpecification.parameters.gateway must be set');
  });

  it('needs merchantInfo.merchantId in PRODUCTION (from the request or the PaymentOptions)', () => {
    const production: PaymentDataContext = { ...TEST, environment: 'PRODUCTION' };
    const noId = (r: ReturnType<typeof valid>) => ({ ...r, merchantInfo: { merchantName: 'Loja' } });
    expect(check(noId)).toBeUndefined();
    expect(check(noId, production)).toBe('merchantInfo.merchantId must be set in the PRODUCTION environment');
    expect(check(noId, { ...production, optionsMerchantId: 'BCR2DN4T0000000' })).toBeUndefined();
  });

  it('needs the callbacks its callbackIntents name', () => {
    const intents = (list: string[], callbacks: PaymentDataContext['callbacks']) =>
      check((r) => ({ ...r, callbackIntents: list }), { ...TEST, callbacks });
    const none = { set: false, onPaymentAuthorized: false, onPaymentDataChanged: false };
    expect(intents(['PAYMENT_AUTHORIZATION'], none)).toBe('paymentDataCallbacks must be set');
    expect(intents(['PAYMENT_AUTHORIZATION'], { ...none, set: true })).toBe(
      'paymentDataCallbacks.onPaymentAuthorized must be set when callbackIntents has PAYMENT_AUTHORIZATION',
    );
    expect(
      intents(['PAYMENT_AUTHORIZATION'], { ...none, set: true, onPaymentAuthorized: true }),
    ).toBeUndefined();
    expect(
      intents(['PAYMENT_AUTHORIZATION', 'SHIPPING_ADDRESS'], {
        ...none,
        set: true,
        onPaymentAuthorized: true,
      }),
    ).toBe('paymentDataCallbacks.onPaymentDataChanged must be set when callbackIntents has SHIPPING_ADDRESS');
    expect(intents(['REFUND'], { ...none, set: true })).toMatch(/^callbackIntents\[0\] must be one of/);
  });

  it('refuses other malformed parts', () => {
    expect(check((r) => ({ ...r, transactionInfo: { ...r.transactionInfo, currencyCode: 'real' } }))).toMatch(
      /^transactionInfo\.currencyCode must be an ISO 4217 code/,
    );
    expect(check((r) => ({ ...r, transactionInfo: undefined }))).toBe('transactionInfo must be set');
    expect(check((r) => ({ ...r, allowedPaymentMethods: [{ ...card(), type: 'PAYPAL' }] }))).toMatch(
      /^allowedPaymentMethods\[0\]\.type must be CARD/,
    );
    expect(
      check((r) => {
        r.allowedPaymentMethods[0]!.parameters = {
          ...r.allowedPaymentMethods[0]!.parameters,
          allowedIssuerCountryCodes: ['BR'],
          blockedIssuerCountryCodes: ['US'],
        } as never;
      }),
    ).toMatch(/cannot both be set$/);
    expect(check((r) => ({ ...r, emailRequired: 'yes' }))).toBe(
      'PaymentDataRequest.emailRequired must be a boolean; got "yes"',
    );
  });
});

describe('the button', () => {
  it('is named like Google’s, in buttonLocale, else the browser’s language, else English', () => {
    expect(buttonLabel('buy', buttonLocale(undefined, 'en-US'))).toBe('Buy with GPay');
    expect(buttonLabel('buy', buttonLocale('pt', 'en-US'))).toBe('Comprar com GPay');
    expect(buttonLabel('pay', buttonLocale(undefined, 'pt-BR'))).toBe('Pagar com GPay');
    expect(buttonLabel('long', buttonLocale('es', undefined))).toBe('Comprar con GPay');
    expect(buttonLabel('plain', 'pt')).toBe('GPay');
    expect(buttonLocale('xx', 'tlh')).toBe('en');
    // A supported language the sandbox has no words for reads English.
    expect(buttonLabel('checkout', buttonLocale('de', undefined))).toBe('Checkout with GPay');
  });
});
