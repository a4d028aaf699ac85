// docs/service-contract.md is what merchants read; this keeps it true to the sandbox.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAccounts } from './accounts.ts';
import { barcodeOfDigitableLine, dateOfFactor } from './boleto/febraban.ts';
import { ERRORS } from './errors.ts';
import { BOLETO, boletoExpiresAt } from './payments/boleto.ts';
import { DIRECT_METHOD_TYPES, TOKEN_PROVIDERS } from './payments/init.ts';
import { ACCOUNTS } from './test/harness.ts';

const doc = readFileSync(new URL('../docs/service-contract.md', import.meta.url), 'utf8');
const errorRows = new Map(
  [...doc.matchAll(/^\|\s*`(\w+)`\s*\|\s*(\d{3})\s*\|/gm)].map((m) => [m[1], Number(m[2])]),
);

describe('docs/service-contract.md', () => {
  it('lists every error code with its HTTP status, and no other', () => {
    expect(Object.fromEntries(errorRows)).toEqual(
      Object.fromEntries(Object.entries(ERRORS).map(([code, [status]]) => [code, status])),
    );
  });

  it('documents every endpoint the sandbox serves', () => {
    for (const path of [
      'Token/NewSession',
      'Token/Generate',
      'Token/List',
      'Token/Bind',
      'Card/Funding',
      'Payment/Init',
      'Payment/Status',
      'Payment/SessionStatus',
      'Payment/InstallmentPlans',
      'integrations/pci/init',
      '/__sandbox/health',
      '/__sandbox/reset',
      '/__sandbox/sessions/expire',
      '/__sandbox/wallets/google-pay/token',
      '/__sandbox/wallets/apple-pay/token',
      '/__sandbox/payments/settle',
      '/__sandbox/payments/expire',
      '/__sandbox/webhooks',
      '/__sandbox/wallets/open',
      '/boleto/{printId}',
    ]) {
      expect(doc).toContain(path);
    }
  });

  it('shows an accounts file the sandbox loads, and its rules refuse what the table says they refuse', () => {
    const example = /any other key in an account is refused\.\nFor example:\n\n```json\n([\s\S]*?)```/.exec(
      doc,
    )?.[1];
    const file = JSON.parse(example ?? '') as { accounts: Record<string, unknown>[] };
    expect(parseAccounts(file)).toHaveLength(1);
    const account = file.accounts[0] ?? {};
    const { threeDS: _required, ...missing } = account;
    for (const wrong of [
      { ...account, colour: 'blue' },
      missing,
      { ...account, appToken: 'short' },
      { ...account, allowedOrigins: ['http://localhost:3000/'] },
      { ...account, allowedOrigins: ['https://shop.example:443'] },
      { ...account, allowedOrigins: ['http://Localhost:3000'] },
      { ...account, allowedOrigins: ['{shop_origin}'] },
    ])
      expect(() => parseAccounts({ accounts: [wrong] })).toThrow();
    // A placeholder it does not fill says so, rather than a bare "Invalid URL".
    expect(() => parseAccounts({ accounts: [{ ...account, allowedOrigins: ['{shop_origin}'] }] })).toThrow(
      /has \{shop_origin\}, which the sandbox does not fill \(only \{demo_origin\}\)/,
    );
    expect(() => parseAccounts({ accounts: [{ ...account, allowedOrigins: ['shop'] }] })).toThrow(
      /"shop" is not an origin/,
    );
  });

  it('names the direct method codes, token providers and accounts the sandbox uses', () => {
    for (const [code, { method }] of Object.entries(DIRECT_METHOD_TYPES)) {
      expect(doc).toMatch(new RegExp(`\`${code}\` ${method.replace('_', ' ')}`, 'i'));
    }
    for (const provider of TOKEN_PROVIDERS) expect(doc).toContain(`"${provider}"`);
    for (const name of Object.keys(ACCOUNTS))
      expect(doc).toMatch(new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm'));
  });

  it('shows a Boleto whose numbers, due date and expiry are the sandbox’s', () => {
    const example = /^### Boleto\n[\s\S]*?```json\n([\s\S]*?)```/m.exec(doc)?.[1];
    const method = JSON.parse(example ?? '') as {
      paymentMethodType: string;
      expiresAt: string;
      boleto: { barcode: string; digitableLine: string; dueDate: string; amount: number };
    };
    const { boleto } = method;
    expect(method.paymentMethodType).toBe(BOLETO.methodType);
    expect(barcodeOfDigitableLine(boleto.digitableLine)).toBe(boleto.barcode);
    expect(boleto.barcode.slice(0, 3)).toBe(BOLETO.bank);
    expect(dateOfFactor(boleto.barcode.slice(5, 9), boleto.dueDate)).toBe(boleto.dueDate);
    expect(Number(boleto.barcode.slice(9, 19)) / 100).toBe(boleto.amount);
    expect(method.expiresAt).toBe(boletoExpiresAt(boleto.dueDate));
  });
});
