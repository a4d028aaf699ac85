// The script's reading of the 3DS answers, against the sandbox's real answers for every test card:
// if either side changes the contract, this fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, testCardExpiry, type Scenario } from '../../sandbox/three-ds/test-cards.ts';
import { startTestSandbox, type TestSandbox } from '../../sandbox/test/harness.ts';
import type { AuthenticationStatus, LiabilityShift } from '../three-ds/model.ts';
import { decodeAuthentication } from './three-ds.ts';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const EXPECTED: Readonly<
  Record<Scenario, { status: AuthenticationStatus; shift: LiabilityShift; challenge: boolean }>
> = {
  frictionless_success: { status: 'Y', shift: 'full', challenge: false },
  frictionless_failure: { status: 'N', shift: 'none', challenge: false },
  attempted: { status: 'A', shift: 'partial', challenge: false },
  unavailable: { status: 'U', shift: 'none', challenge: false },
  rejected: { status: 'R', shift: 'none', challenge: false },
  system_error: { status: 'U', shift: 'none', challenge: false },
  challenge_success: { status: 'C', shift: 'none', challenge: true },
  challenge_failure: { status: 'C', shift: 'none', challenge: true },
};

describe('decodeAuthentication on the sandbox’s enrollment answers', () => {
  const cases = Object.entries(TEST_CARDS).flatMap(([type, cards]) =>
    Object.entries(cards).map(([scenario, number]) => [type, scenario as Scenario, number] as const),
  );

  it.each(cases)('card type %s, %s', async (_type, scenario, cardNumber) => {
    const sessionId = await sb.session();
    const setup = await sb.browser('token', '/api/ThreeDS/Setup', { sessionId, cardNumber });
    expect(setup.status).toBe(200);
    const { month, year } = testCardExpiry(new Date());
    const generated = await sb.browser('token', '/api/Token/Generate', {
      sessionId,
      card: { cardNumber, expirationMonth: month, expirationYear: year, cvv: '123', cardHolderName: 'Ada' },
      authenticationInformation: { code: setup.body['code'] },
    });
    expect(generated.status).toBe(200);
    const authentication = decodeAuthentication(generated.body['authentication']);
    const expected = EXPECTED[scenario];
    expect(authentication).toMatchObject({
      status: expected.status,
      liabilityShift: expected.shift,
      code: setup.body['code'],
    });
    expect(authentication?.challenge !== undefined).toBe(expected.challenge);
  });
});
