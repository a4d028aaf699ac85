// Installment plans: the service's figures against a table computed here apart (the Price table by its
// other closed form, the CET by bisection), cents exact; then the endpoint and Payment/Init's checks.
import { describe, expect, it } from 'vitest';
import { fileSandbox } from '../test/file-sandbox.ts';
import { EVIL_ORIGIN, type Reply } from '../test/harness.ts';
import { installmentPlan, installmentPlans, installmentTerms } from './installments.ts';

// --- An independent implementation -----------------------------------------------------------------

/** PMT = PV·i·(1+i)^n / ((1+i)^n − 1), in cents, half-up (a positive amount: Math.round is half-up). */
function pmtCents(pvCents: number, monthlyPercent: number, n: number): number {
  const i = monthlyPercent / 100;
  const growth = Math.pow(1 + i, n);
  return Math.round(Number(((pvCents * i * growth) / (growth - 1)).toFixed(6)));
}

/** The monthly rate r with Σ flow/(1+r)^k = cash price, by bisection on [0, 100%]. */
function irrByBisection(cashPrice: number, flows: number[]): number {
  let low = 0;
  let high = 1;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    const value = flows.reduce((sum, flow, index) => sum + flow / Math.pow(1 + middle, index + 1), 0);
    if (value > cashPrice) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

const percent2 = (rate: number) => Math.round(Number((rate * 100).toFixed(8)) * 100) / 100;
const annual = (monthly: number) => Math.pow(1 + monthly, 12) - 1;

function expectedPlan(pvCents: number, terms: { interestFree: number; monthlyRate: number }, n: number) {
  if (n <= terms.interestFree) {
    const rest = Math.floor(pvCents / n);
    return {
      installments: n,
      installmentAmount: rest / 100,
      firstInstallmentAmount: (pvCents - rest * (n - 1)) / 100,
      totalAmount: pvCents / 100,
      interestFree: true,
      monthlyRate: 0,
      yearlyRate: 0,
      cetMonthly: 0,
      cetYearly: 0,
    };
  }
  const pmt = pmtCents(pvCents, terms.monthlyRate, n);
  const cet = irrByBisection(pvCents, Array<number>(n).fill(pmt));
  return {
    installments: n,
    installmentAmount: pmt / 100,
    firstInstallmentAmount: pmt / 100,
    totalAmount: (pmt * n) / 100,
    interestFree: false,
    monthlyRate: terms.monthlyRate,
    yearlyRate: percent2(annual(terms.monthlyRate / 100)),
    cetMonthly: percent2(cet),
    cetYearly: percent2(annual(cet)),
  };
}

// --- The figures ------------------------------------------------------------------------------------

const ORDER_1000 = {
  amount: 1000,
  currency: 'BRL',
  installments: { max: 12, interestFree: 3, monthlyRate: 1.99 },
};

describe('the plans of an order', () => {
  // R$ 1.000,00 in 10× at 1,99% a.m., by hand: 1,0199^10 = 1,21779…; 19,90 / (1 − 1/1,21779…) =
  // 111,268… → R$ 111,27; total 10 × 111,27 = R$ 1.112,70; (1,0199)^12 − 1 = 26,675…% → 26,68% a.a.
  it('gives R$ 1.000,00 in 10× at 1,99% a.m. as R$ 111,27, R$ 1.112,70 in all', () => {
    expect(installmentPlan(1000, 'BRL', ORDER_1000.installments, 10)).toEqual({
      installments: 10,
      installmentAmount: 111.27,
      firstInstallmentAmount: 111.27,
      totalAmount: 1112.7,
      interestFree: false,
      monthlyRate: 1.99,
      yearlyRate: 26.68,
      cetMonthly: 1.99,
      cetYearly: 26.68,
    });
  });

  // n, first installment, each other installment, total.
  const TABLE = `
     1   1000.00   1000.00   1000.00
     2    500.00    500.00   1000.00
     3    333.34    333.33   1000.00
     4    262.56    262.56   1050.24
     5    212.10    212.10   1060.50
     6    178.47    178.47   1070.82
     7    154.45    154.45   1081.15
     8    136.45    136.45   1091.60
     9    122.46    122.46   1102.14
    10    111.27    111.27   1112.70
    11    102.12    102.12   1123.32
    12     94.50     94.50   1134.00`;

  it('matches this table, cents exact', () => {
    const plans = installmentPlans(ORDER_1000, 'credit');
    expect(
      plans.map((p) => [p.installments, p.firstInstallmentAmount, p.installmentAmount, p.totalAmount]),
    ).toEqual(
      TABLE.trim()
        .split('\n')
        .map((row) => row.trim().split(/ +/).map(Number)),
    );
  });

  it.each([
    [1000, { max: 12, interestFree: 3, monthlyRate: 1.99 }],
    [149.9, { max: 10, interestFree: 1, monthlyRate: 2.49 }],
    [2499.99, { max: 18, interestFree: 6, monthlyRate: 1.49 }],
    [87.53, { max: 12, interestFree: 2, monthlyRate: 4.99 }],
    [12_345.67, { max: 24, interestFree: 10, monthlyRate: 0.99 }],
    [0.07, { max: 12, interestFree: 12, monthlyRate: 0 }],
  ])('computes every plan of R$ %d with %j as the independent implementation does', (amount, terms) => {
    const cents = Math.round(amount * 100);
    const plans = installmentPlans({ amount, currency: 'BRL', installments: terms }, 'credit');
    const expected = Array.from({ length: terms.max }, (_, index) => index + 1)
      .filter((n) => Math.floor(cents / n) >= 1)
      .map((n) => expectedPlan(cents, terms, n));
    expect(plans).toEqual(expected);
    // An interest-free plan costs the cash price; one with interest n × its installment, and more.
    for (const plan of plans) {
      const totalCents = Math.round(plan.totalAmount * 100);
      if (plan.interestFree) expect(totalCents).toBe(cents);
      else expect(totalCents).toBe(Math.round(plan.installmentAmount * 100) * plan.installments);
    }
  });

  it('gives a debit plan 1 only', () => {
    expect(installmentPlans(ORDER_1000, 'debit').map((plan) => plan.installments)).toEqual([1]);
  });

  it('reads maxInstallments as that many interest-free plans, and refuses terms that do not hold', () => {
    expect(installmentTerms({ maxInstallments: 6 })).toEqual({ max: 6, interestFree: 6, monthlyRate: 0 });
    expect(installmentTerms({})).toEqual({ max: 1, interestFree: 1, monthlyRate: 0 });
    expect(installmentTerms({ installments: { max: 12, monthlyRate: 1.99 } })).toEqual({
      max: 12,
      interestFree: 1,
      monthlyRate: 1.99,
    });
    for (const [paymentData, field] of [
      [{ maxInstallments: 3, installments: { max: 3 } }, 'paymentData.maxInstallments'],
      [{ installments: { max: 3, interestFree: 4 } }, 'paymentData.installments.interestFree'],
      [{ installments: { max: 6, interestFree: 3 } }, 'paymentData.installments.monthlyRate'],
      [{ installments: { max: 6, monthlyRate: 1.23456 } }, 'paymentData.installments.monthlyRate'],
    ] as const) {
      expect(() => installmentTerms(paymentData)).toThrow(expect.objectContaining({ field }));
    }
  });
});

// --- Over HTTP --------------------------------------------------------------------------------------

const sb = fileSandbox();
const ACCOUNT = 'demo-no3ds';
let orders = 0;

async function orderSession(paymentData: Record<string, unknown> = ORDER_1000) {
  orders += 1;
  const partnerUniqueId = `plans-${String(orders)}`;
  const sessionId = await sb.session({ account: ACCOUNT, body: { partnerUniqueId, paymentData } });
  return { sessionId, partnerUniqueId };
}

const plansOf = (tokenSession: string, extra: Record<string, unknown> = {}) =>
  sb.browser('sandbox', '/api/Payment/InstallmentPlans', { tokenSession, ...extra }, { account: ACCOUNT });

describe('POST /api/Payment/InstallmentPlans', () => {
  it('answers the session order’s plans to its page, and to the backend', async () => {
    const { sessionId } = await orderSession();
    const reply = await plansOf(sessionId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      amount: 1000,
      currency: 'BRL',
      funding: 'credit',
      plans: installmentPlans(ORDER_1000, 'credit'),
    });
    const backend = await sb.backend(
      'sandbox',
      '/api/Payment/InstallmentPlans',
      { tokenSession: sessionId },
      { account: ACCOUNT },
    );
    expect(backend.body).toEqual(reply.body);
  });

  it('answers plan 1 only for a debit', async () => {
    const { sessionId } = await orderSession();
    const reply = await plansOf(sessionId, { funding: 'debit' });
    expect((reply.body['plans'] as { installments: number }[]).map((p) => p.installments)).toEqual([1]);
  });

  it.each([
    ['a session without an order', async () => plansOf(await sb.session({ account: ACCOUNT })), 403],
    ['an unknown key', async () => plansOf((await orderSession()).sessionId, { amount: 1 }), 400],
    [
      'another origin',
      async () =>
        sb.browser(
          'sandbox',
          '/api/Payment/InstallmentPlans',
          { tokenSession: (await orderSession()).sessionId },
          { account: ACCOUNT, origin: EVIL_ORIGIN },
        ),
      403,
    ],
    [
      'the production engine for a sandbox account',
      async () =>
        sb.browser(
          'engine',
          '/api/Payment/InstallmentPlans',
          { tokenSession: (await orderSession()).sessionId },
          { account: ACCOUNT },
        ),
      403,
    ],
  ])('refuses %s', async (_name, call: () => Promise<Reply>, status) => {
    expect((await call()).status).toBe(status);
  });

  it('answers CORS preflights for the account’s origins', async () => {
    const reply = await sb.raw('sandbox', '/api/Payment/InstallmentPlans', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-service-account',
      },
    });
    expect(reply.status).toBe(204);
  });
});

describe('Payment/Init pays an order’s plan and nothing else', () => {
  async function pay(
    method: Record<string, unknown>,
    options: { from?: 'browser' | 'backend'; paymentData?: Record<string, unknown> } = {},
  ) {
    const { sessionId, partnerUniqueId } = await orderSession(options.paymentData);
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const body = {
      tokenSession: sessionId,
      partnerUniqueId,
      paymentData: {
        amount: 1000,
        currency: 'BRL',
        paymentMethods: [
          { paymentMethodType: '1', cardInfo: { token, tokenProvider: 'Service' }, ...method },
        ],
      },
    };
    return options.from === 'backend'
      ? sb.backend('sandbox', '/api/Payment/Init', body, { account: ACCOUNT })
      : sb.browser('sandbox', '/api/Payment/Init', body, { account: ACCOUNT });
  }

  it.each(['browser', 'backend'] as const)(
    'records the plan’s installment and total (%s), with the amounts the page showed',
    async (from) => {
      const reply = await pay({ installments: 10, installmentAmount: 111.27, totalAmount: 1112.7 }, { from });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body['paymentMethods']).toMatchObject([
        {
          amount: 1000,
          installments: 10,
          installmentAmount: 111.27,
          firstInstallmentAmount: 111.27,
          totalAmount: 1112.7,
        },
      ]);
    },
  );

  it('records an interest-free plan with the cents left over on the first installment', async () => {
    const reply = await pay({ installments: 3 });
    expect(reply.body['paymentMethods']).toMatchObject([
      { installments: 3, installmentAmount: 333.33, firstInstallmentAmount: 333.34, totalAmount: 1000 },
    ]);
  });

  it.each([
    [
      'an installment amount not the plan’s',
      { installments: 10, installmentAmount: 100 },
      'installmentAmount',
    ],
    ['a total not the plan’s', { installments: 10, totalAmount: 1000 }, 'totalAmount'],
    [
      'the interest-free total on a plan with interest',
      { installments: 4, totalAmount: 1000 },
      'totalAmount',
    ],
  ])('refuses %s, naming it', async (_name, method, field) => {
    for (const from of ['browser', 'backend'] as const) {
      const reply = await pay(method, { from });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({
        code: 'invalid_request',
        field: `paymentData.paymentMethods.0.${field}`,
      });
    }
  });

  it('refuses a count the order does not allow: 403 from the browser, 400 from the backend', async () => {
    const browser = await pay({ installments: 13 });
    expect(browser.body.error).toMatchObject({
      code: 'session_order_mismatch',
      field: 'paymentData.paymentMethods.0.installments',
    });
    const backend = await pay({ installments: 13 }, { from: 'backend' });
    expect(backend.status).toBe(400);
    expect(backend.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'paymentData.paymentMethods.0.installments',
    });
  });

  it('keeps maxInstallments working: all interest-free', async () => {
    const reply = await pay(
      { installments: 3 },
      { paymentData: { amount: 1000, currency: 'BRL', maxInstallments: 3 } },
    );
    expect(reply.status).toBe(201);
    expect(reply.body['paymentMethods']).toMatchObject([{ installments: 3, totalAmount: 1000 }]);
  });

  it('refuses a plan’s amounts where no plan applies', async () => {
    const sessionId = await sb.session({ account: ACCOUNT });
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const reply = await sb.backend(
      'sandbox',
      '/api/Payment/Init',
      {
        tokenSession: sessionId,
        partnerUniqueId: 'plans-none',
        paymentData: {
          amount: 50,
          currency: 'BRL',
          paymentMethods: [
            {
              paymentMethodType: '1',
              installmentAmount: 25,
              installments: 2,
              cardInfo: { token, tokenProvider: 'Service' },
            },
          ],
        },
      },
      { account: ACCOUNT },
    );
    expect(reply.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'paymentData.paymentMethods.0.installmentAmount',
    });
  });
});
