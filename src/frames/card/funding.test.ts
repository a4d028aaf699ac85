// How the card frame learns how a card pays (Card/Funding): asked once per BIN, a combo card's question
// shown only for its own BIN, and 3DS run for a card that can pay by debit on an account with 3DS off.
import { html, LitElement } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../../api/service.ts';
import { ptBR } from '../../i18n/pt-br.ts';
import type { SvcCardFields } from '../fields/card-fields.ts';
import { askFunding, cardFramePreparer, fundingOfBin } from './funding.ts';

const COMBO_BIN = '40001700';
const DEBIT_BIN = '40000566';
const CREDIT_BIN = '41111111';
const FUNDING: Record<string, string[]> = {
  [COMBO_BIN]: ['credit', 'debit'],
  [DEBIT_BIN]: ['debit'],
  [CREDIT_BIN]: ['credit'],
};

let asked: { path: string; body: Record<string, unknown> }[];
const client = serviceClient({ origin: 'http://127.0.0.1:4174', account: 'demo' });

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    const path = new URL(url).pathname;
    asked.push({ path, body });
    if (path === '/api/Card/Funding')
      return Promise.resolve(Response.json({ funding: FUNDING[body['bin'] as string] }));
    // ThreeDS/Setup: the account answers as one with 3DS off would for a credit card.
    return Promise.resolve(Response.json({ enabled: false }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
});

/** What askFunding touches of the fields: the BIN typed, the question, the strings. */
function fields(bin: string | undefined) {
  return { bin, funding: undefined, strings: ptBR } as unknown as SvcCardFields;
}

describe('fundingOfBin', () => {
  it('asks Card/Funding once per session and BIN, with the BIN alone', async () => {
    const sessionId = `ses-${String(Math.random())}`;
    expect(await fundingOfBin(client, sessionId, COMBO_BIN)).toEqual(['credit', 'debit']);
    expect(await fundingOfBin(client, sessionId, COMBO_BIN)).toEqual(['credit', 'debit']);
    expect(asked).toEqual([{ path: '/api/Card/Funding', body: { sessionId, bin: COMBO_BIN } }]);
  });

  it('reads a failed answer as credit and asks again next time', async () => {
    const sessionId = `ses-${String(Math.random())}`;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await fundingOfBin(client, sessionId, DEBIT_BIN)).toEqual(['credit']);
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ funding: ['debit'] })));
    expect(await fundingOfBin(client, sessionId, DEBIT_BIN)).toEqual(['debit']);
  });
});

describe('askFunding', () => {
  const lit = { LitElement, html };

  it('asks a combo card’s shopper, in the page’s language', async () => {
    document.documentElement.lang = 'pt-BR';
    const form = fields(COMBO_BIN);
    await askFunding(form, COMBO_BIN, client, 'ses-combo', lit);
    expect(form.funding?.fundingLegend).toBe('Crédito ou débito?');
    expect(customElements.get('svc-card-funding')).toBeDefined();
  });

  it.each([
    ['a credit card', CREDIT_BIN],
    ['a debit card', DEBIT_BIN],
  ])('asks nothing of %s, and drops the question of the BIN before', async (_, bin) => {
    const form = fields(bin);
    form.funding = { fundingLegend: 'stale' } as SvcCardFields['funding'];
    await askFunding(form, bin, client, 'ses-other', lit);
    expect(form.funding).toBeUndefined();
  });

  it('shows no question for a BIN the shopper has typed over meanwhile', async () => {
    const form = fields(CREDIT_BIN);
    await askFunding(form, COMBO_BIN, client, 'ses-late', lit);
    expect(form.funding).toBeUndefined();
  });
});

describe('the card frame’s 3DS preparer', () => {
  const setups = () =>
    asked.filter(({ path }) => path === '/api/ThreeDS/Setup').map(({ body }) => body['bin']);

  it('runs the setup for a card that can pay by debit where the account has 3DS off', async () => {
    document.head.innerHTML = '<meta name="svc-3ds" content="off" />';
    const preparer = cardFramePreparer(window, client, 'ses-3ds-off', () => undefined);
    await preparer.prepare(`${CREDIT_BIN}11111111`);
    await preparer.prepare(`${COMBO_BIN}00000003`);
    await preparer.prepare(`${DEBIT_BIN}55665556`);
    expect(setups()).toEqual([COMBO_BIN, DEBIT_BIN]);
  });

  it('runs it for every card where the account runs 3DS, asking nothing of funding', async () => {
    document.head.innerHTML = '<meta name="svc-3ds" content="on" />';
    const preparer = cardFramePreparer(window, client, 'ses-3ds-on', () => undefined);
    await preparer.prepare(`${CREDIT_BIN}11111111`);
    expect(asked.map(({ path }) => path)).toEqual(['/api/ThreeDS/Setup']);
  });
});
