import { describe, expect, it } from 'vitest';
import { itMaps, itRefusesOptions } from '../test-fixtures.ts';
import { googlePayRequests, type GooglePayContext } from './google-pay-request.ts';
import type { GooglePayOptions } from './wallet-options.ts';

const OPTIONS: GooglePayOptions = {
  selector: '#google-pay',
  merchantInfo: { merchantName: 'Loja Exemplo', merchantId: 'BCR2DN4T000000' },
  transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: 10.5, currencyCode: 'BRL' },
  checkoutCallbackFunction: () => true,
};
const SANDBOX: GooglePayContext = {
  environment: 'sandbox',
  gateway: 'service',
  gatewayMerchantId: 'svc_123',
};

/** The options with some of transactionInfo's fields changed. */
const withTransaction = (change: Record<string, unknown>) => ({
  ...OPTIONS,
  transactionInfo: { ...OPTIONS.transactionInfo, ...change },
});
const networksOf = (options: unknown, context: Partial<GooglePayContext> = {}) =>
  googlePayRequests(options, { ...SANDBOX, ...context }).paymentDataRequest.allowedPaymentMethods[0]
    .parameters.allowedCardNetworks;

describe('googlePayRequests', () => {
  it('builds both requests for Brazil: API 2.0, both auth methods, Elo, the service’s gateway, a final price, the billing name', () => {
    const card = {
      type: 'CARD',
      parameters: {
        allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
        allowedCardNetworks: ['AMEX', 'ELO', 'MASTERCARD', 'VISA'],
      },
    };
    expect(googlePayRequests(OPTIONS, SANDBOX)).toEqual({
      environment: 'TEST',
      isReadyToPayRequest: { apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [card] },
      paymentDataRequest: {
        apiVersion: 2,
        apiVersionMinor: 0,
        merchantInfo: { merchantName: 'Loja Exemplo', merchantId: 'BCR2DN4T000000' },
        allowedPaymentMethods: [
          {
            ...card,
            // The billing address's smallest format, for Payment/Init's billingInfo.name (spec §4.7).
            parameters: {
              ...card.parameters,
              billingAddressRequired: true,
              billingAddressParameters: { format: 'MIN' },
            },
            tokenizationSpecification: {
              type: 'PAYMENT_GATEWAY',
              parameters: { gateway: 'service', gatewayMerchantId: 'svc_123' },
            },
          },
        ],
        transactionInfo: {
          totalPriceStatus: 'FINAL',
          totalPrice: '10.50',
          currencyCode: 'BRL',
          countryCode: 'BR',
          checkoutOption: 'COMPLETE_IMMEDIATE_PURCHASE',
        },
        callbackIntents: ['PAYMENT_AUTHORIZATION'],
      },
      button: {},
    });
  });

  it('uses Google’s PRODUCTION environment in production, with the merchant id', () => {
    const requests = googlePayRequests(OPTIONS, { ...SANDBOX, environment: 'production' });
    expect(requests.environment).toBe('PRODUCTION');
    expect(requests.paymentDataRequest.merchantInfo.merchantId).toBe('BCR2DN4T000000');
  });

  it('runs in the sandbox without a merchant id, and sends none', () => {
    const options = { ...OPTIONS, merchantInfo: { merchantName: 'Loja Exemplo' } };
    expect(googlePayRequests(options, SANDBOX).paymentDataRequest.merchantInfo).toStrictEqual({
      merchantName: 'Loja Exemplo',
    });
  });

  it('takes totalPriceStatus as optional: the price is final either way', () => {
    const { totalPriceStatus: _status, ...transactionInfo } = OPTIONS.transactionInfo;
    const request = googlePayRequests({ ...OPTIONS, transactionInfo }, SANDBOX).paymentDataRequest;
    expect(request.transactionInfo.totalPriceStatus).toBe('FINAL');
  });

  it('hands out requests that share no object (pay.js keeps what it is given)', () => {
    const { isReadyToPayRequest, paymentDataRequest } = googlePayRequests(OPTIONS, SANDBOX);
    isReadyToPayRequest.allowedPaymentMethods[0].parameters.allowedCardNetworks.push('JCB');
    expect(paymentDataRequest.allowedPaymentMethods[0].parameters.allowedCardNetworks).not.toContain('JCB');
    expect(
      googlePayRequests(OPTIONS, SANDBOX).isReadyToPayRequest.allowedPaymentMethods[0].parameters
        .allowedCardNetworks,
    ).not.toContain('JCB');
    (
      paymentDataRequest.allowedPaymentMethods[0].parameters.billingAddressParameters as { format: string }
    ).format = 'FULL';
    expect(
      googlePayRequests(OPTIONS, SANDBOX).paymentDataRequest.allowedPaymentMethods[0].parameters
        .billingAddressParameters,
    ).toEqual({ format: 'MIN' });
  });

  it('passes the merchant’s button options on', () => {
    const button = {
      buttonColor: 'white',
      buttonType: 'pay',
      buttonSizeMode: 'fill',
      buttonRadius: 0,
      buttonBorderType: 'no_border',
    } as const;
    expect(googlePayRequests({ ...OPTIONS, button }, SANDBOX).button).toEqual(button);
  });

  describe('the total as Google wants it: a string of digits with two decimals', () => {
    itMaps(
      (totalPrice: number | string) =>
        googlePayRequests(withTransaction({ totalPrice }), SANDBOX).paymentDataRequest.transactionInfo
          .totalPrice,
      [
        [10, '10.00'],
        [10.5, '10.50'],
        [0.1 + 0.2, '0.30'],
        ['7', '7.00'],
        ['99.9', '99.90'],
        ['1500.00', '1500.00'],
      ],
    );
  });

  describe('Brazil’s networks', () => {
    it('offers ELO with countryCode BR, its default', () => {
      expect(networksOf(OPTIONS)).toContain('ELO');
      expect(networksOf(withTransaction({ countryCode: 'BR' }))).toEqual([
        'AMEX',
        'ELO',
        'MASTERCARD',
        'VISA',
      ]);
    });

    it('leaves ELO out of the default list elsewhere, as Google takes it only in Brazil', () => {
      expect(networksOf(withTransaction({ countryCode: 'US' }))).toEqual(['AMEX', 'MASTERCARD', 'VISA']);
    });

    it('takes the account’s networks with BR, the debit rails alongside their parents, each once', () => {
      const listed = ['VISA', 'ELECTRON', 'MASTERCARD', 'MAESTRO', 'ELO', 'ELO_DEBIT', 'ELO'];
      expect(networksOf(OPTIONS, { allowedCardNetworks: listed })).toEqual([
        'VISA',
        'ELECTRON',
        'MASTERCARD',
        'MAESTRO',
        'ELO',
        'ELO_DEBIT',
      ]);
      expect(
        networksOf(withTransaction({ countryCode: 'US' }), { allowedCardNetworks: ['VISA', 'JCB'] }),
      ).toEqual(['VISA', 'JCB']);
    });

    const brazilOnly = (network: string, country: string) =>
      `allowedCardNetworks has ${network}, which Google Pay takes only in Brazil: set transactionInfo.countryCode to "BR" (it is "${country}"), or leave ${network} out.`;
    itRefusesOptions(
      ([countryCode, allowedCardNetworks]: [string, string[]]) =>
        googlePayRequests(withTransaction({ countryCode }), { ...SANDBOX, allowedCardNetworks }),
      [
        [brazilOnly('ELO', 'US'), ['US', ['VISA', 'ELO']]],
        [brazilOnly('ELO', 'AR'), ['AR', ['ELO']]],
        [brazilOnly('MAESTRO', 'PT'), ['PT', ['MASTERCARD', 'MAESTRO']]],
        [brazilOnly('ELECTRON', 'US'), ['US', ['VISA', 'ELECTRON']]],
        [
          'allowedCardNetworks has ELO_DEBIT without ELO: Google Pay takes ELO_DEBIT only alongside ELO.',
          ['BR', ['VISA', 'ELO_DEBIT']],
        ],
        [
          'allowedCardNetworks has MAESTRO without MASTERCARD: Google Pay takes MAESTRO only alongside MASTERCARD.',
          ['BR', ['VISA', 'MAESTRO']],
        ],
        [
          'allowedCardNetworks has ELECTRON without VISA: Google Pay takes ELECTRON only alongside VISA.',
          ['BR', ['ELECTRON', 'ELO']],
        ],
        [
          'allowedCardNetworks: "HIPERCARD" is not a Google Pay network (AMEX, DISCOVER, ELECTRON, ELO, ELO_DEBIT, INTERAC, JCB, MAESTRO, MASTERCARD, VISA).',
          ['BR', ['VISA', 'HIPERCARD']],
        ],
        ['allowedCardNetworks must list at least one card network.', ['BR', []]],
      ],
    );
  });

  describe('refuses what Google would, naming the option', () => {
    const price = (got: string) =>
      `transactionInfo.totalPrice must be digits with a dot before at most 2 decimals, such as "10.50", and no thousands separator, currency sign or spaces (got ${got}).`;
    const status = (got: string) =>
      `transactionInfo.totalPriceStatus must be "FINAL" or left out (got ${got}): checkoutCallbackFunction charges the total while the sheet is open, so it cannot change afterwards.`;
    const currency = (got: string) =>
      `transactionInfo.currencyCode must be an ISO 4217 code such as "BRL" (got ${got}).`;
    const country = (got: string) =>
      `transactionInfo.countryCode must be an ISO 3166-1 alpha-2 code in capitals such as "BR", or left out for "BR" (got ${got}).`;
    const { totalPrice: _price, ...noPrice } = OPTIONS.transactionInfo;
    const { currencyCode: _currency, ...noCurrency } = OPTIONS.transactionInfo;
    const { checkoutCallbackFunction: _callback, ...noCallback } = OPTIONS;
    itRefusesOptions(
      (options: unknown) => googlePayRequests(options, SANDBOX),
      [
        ['useGooglePay(options) must be an object.', undefined],
        ['useGooglePay(options) must be an object.', [OPTIONS]],
        [
          'Unknown option "merchantName" (known: selector, merchantInfo, transactionInfo, button, installments, checkoutCallbackFunction, onUnavailable, nonce).',
          { ...OPTIONS, merchantName: 'Loja' },
        ],
        ['merchantInfo must be an object.', { ...OPTIONS, merchantInfo: 'Loja Exemplo' }],
        [
          'nonce must be the nonce of your page’s Content-Security-Policy (base64, 8 characters or more).',
          { ...OPTIONS, nonce: "abc' onload" },
        ],
        ['onUnavailable must be a function, or left out.', { ...OPTIONS, onUnavailable: 'log' }],
        [
          'Unknown option "merchantInfo.merchantID" (known: merchantName, merchantId).',
          { ...OPTIONS, merchantInfo: { merchantName: 'Loja', merchantID: 'x' } },
        ],
        [
          'merchantInfo.merchantName must be a non-empty string.',
          { ...OPTIONS, merchantInfo: { merchantName: ' ' } },
        ],
        [
          'merchantInfo.merchantId must be a non-empty string.',
          { ...OPTIONS, merchantInfo: { merchantName: 'Loja', merchantId: '' } },
        ],
        ['transactionInfo must be an object.', { ...OPTIONS, transactionInfo: undefined }],
        [
          'Unknown option "transactionInfo.total" (known: totalPriceStatus, totalPrice, currencyCode, countryCode).',
          withTransaction({ total: 10 }),
        ],
        [status('"ESTIMATED"'), withTransaction({ totalPriceStatus: 'ESTIMATED' })],
        [status('"NOT_CURRENTLY_KNOWN"'), withTransaction({ totalPriceStatus: 'NOT_CURRENTLY_KNOWN' })],
        [status('"final"'), withTransaction({ totalPriceStatus: 'final' })],
        [
          'transactionInfo.totalPrice must be a number or a decimal string such as "10.50" (got undefined).',
          { ...OPTIONS, transactionInfo: noPrice },
        ],
        [
          'transactionInfo.totalPrice must be a finite number (got NaN).',
          withTransaction({ totalPrice: Number.NaN }),
        ],
        ['transactionInfo.totalPrice must not be negative (got -10).', withTransaction({ totalPrice: -10 })],
        [
          'transactionInfo.totalPrice has more than 2 decimals (got 10.005): round it to cents.',
          withTransaction({ totalPrice: 10.005 }),
        ],
        [price('"10,50"'), withTransaction({ totalPrice: '10,50' })],
        [price('"R$ 10,50"'), withTransaction({ totalPrice: 'R$ 10,50' })],
        [price('"10.505"'), withTransaction({ totalPrice: '10.505' })],
        [currency('undefined'), { ...OPTIONS, transactionInfo: noCurrency }],
        [currency('"brl"'), withTransaction({ currencyCode: 'brl' })],
        [currency('"R$"'), withTransaction({ currencyCode: 'R$' })],
        [country('"br"'), withTransaction({ countryCode: 'br' })],
        [country('"BRA"'), withTransaction({ countryCode: 'BRA' })],
        [country('null'), withTransaction({ countryCode: null })],
        ['button must be an object.', { ...OPTIONS, button: 'black' }],
        [
          'Unknown option "button.color" (known: buttonColor, buttonType, buttonSizeMode, buttonRadius, buttonBorderType).',
          { ...OPTIONS, button: { color: 'black' } },
        ],
        [
          'button.buttonColor must be "default", "black" or "white" (got "red").',
          { ...OPTIONS, button: { buttonColor: 'red' } },
        ],
        [
          'button.buttonType must be "book", "buy", "checkout", "donate", "order", "pay", "plain" or "subscribe" (got "long").',
          { ...OPTIONS, button: { buttonType: 'long' } },
        ],
        [
          'button.buttonSizeMode must be "static" or "fill" (got "auto").',
          { ...OPTIONS, button: { buttonSizeMode: 'auto' } },
        ],
        [
          'button.buttonBorderType must be "default_border" or "no_border" (got "none").',
          { ...OPTIONS, button: { buttonBorderType: 'none' } },
        ],
        [
          'button.buttonRadius must be a number of pixels, 0 or more (got -4).',
          { ...OPTIONS, button: { buttonRadius: -4 } },
        ],
        [
          'button.buttonRadius must be a number of pixels, 0 or more (got "4px").',
          { ...OPTIONS, button: { buttonRadius: '4px' } },
        ],
        ['checkoutCallbackFunction must be a function.', noCallback],
        ['checkoutCallbackFunction must be a function.', { ...OPTIONS, checkoutCallbackFunction: 'onPaid' }],
      ],
    );

    const noMerchantId = { ...OPTIONS, merchantInfo: { merchantName: 'Loja Exemplo' } };
    itRefusesOptions(
      (context: GooglePayContext) => googlePayRequests(noMerchantId, context),
      [
        [
          'merchantInfo.merchantId is required in production: use the merchant ID of your Google Pay & Wallet Console (the sandbox runs without one).',
          { ...SANDBOX, environment: 'production' },
        ],
        ['gateway must be a non-empty string.', { ...SANDBOX, gateway: '' }],
        ['gatewayMerchantId must be a non-empty string.', { ...SANDBOX, gatewayMerchantId: ' ' }],
      ],
    );
  });
});
