// docs/guides/script-tag.md shows the whole Payment/Init body a merchant backend sends: posted as written,
// with a real session, token and authentication where the guide has `…`, the sandbox pays it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { threeDsSteps } from './three-ds/test-support.ts';
import { fileSandbox } from './test/file-sandbox.ts';

const guide = readFileSync(new URL('../docs/guides/script-tag.md', import.meta.url), 'utf8');
const example = /### The whole Payment\/Init body\n[\s\S]*?```json\n([\s\S]*?)```/.exec(guide)?.[1];

interface Body {
  tokenSession: string;
  partnerUniqueId: string;
  customer: Record<string, unknown>;
  paymentData: {
    amount: number;
    currency: string;
    paymentMethods: ({
      paymentMethodType: string;
      cardInfo: { token: string };
      AuthenticationInformation?: { Code: string; ReferenceId: string; TransactionId: string };
    } & Record<string, unknown>)[];
  } & Record<string, unknown>;
}

/** The documented body, parsed afresh for each use. */
const documented = () => JSON.parse(example ?? '') as Body;

/** Where the guide writes `…`, as JSON paths. */
function placeholders(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value.includes('…') ? [path] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    placeholders(inner, path === '' ? key : `${path}.${key}`),
  );
}

const sb = fileSandbox();

describe('docs/guides/script-tag.md, the whole Payment/Init body', () => {
  it('leaves to fill only the session, the token and the authentication', () => {
    expect(placeholders(documented())).toEqual([
      'tokenSession',
      'paymentData.paymentMethods.0.cardInfo.token',
      'paymentData.paymentMethods.0.AuthenticationInformation.Code',
      'paymentData.paymentMethods.0.AuthenticationInformation.ReferenceId',
      'paymentData.paymentMethods.0.AuthenticationInformation.TransactionId',
    ]);
  });

  it('pays a card that ran 3DS, as written', async () => {
    const body = documented();
    const { amount, currency } = body.paymentData;
    const sessionId = await sb.session({
      body: {
        customer: body.customer,
        partnerUniqueId: body.partnerUniqueId,
        paymentData: { amount, currency },
      },
    });
    const { token, authentication } = await threeDsSteps(sb).enroll(sessionId, '4111111111111111');
    const [method] = body.paymentData.paymentMethods;
    if (method === undefined) throw new Error('the guide shows no payment method');
    body.tokenSession = sessionId;
    method.cardInfo.token = token;
    method.AuthenticationInformation = {
      Code: String(authentication['code']),
      ReferenceId: String(authentication['referenceId']),
      TransactionId: String(authentication['transactionId']),
    };
    const reply = await sb.backend('sandbox', '/api/Payment/Init', body);
    expect(reply.body.error).toBeUndefined();
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'authorized',
      partnerUniqueId: body.partnerUniqueId,
      paymentMethods: [{ method: 'card_3ds', authentication: { status: 'Y' } }],
    });
  });

  it('pays without 3DS with method type 1 and no AuthenticationInformation, as the guide says', async () => {
    const body = documented();
    const account = 'demo-no3ds';
    const sessionId = await sb.session({ account, body: { customer: body.customer } });
    const [method] = body.paymentData.paymentMethods;
    if (method === undefined) throw new Error('the guide shows no payment method');
    body.tokenSession = sessionId;
    method.cardInfo.token = await sb.tokenize(sessionId, {}, account);
    method.paymentMethodType = '1';
    delete method.AuthenticationInformation;
    const reply = await sb.backend('sandbox', '/api/Payment/Init', body, { account });
    expect(reply.body.error).toBeUndefined();
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'authorized', paymentMethods: [{ method: 'card' }] });
  });
});
