import { describe, expect, it } from 'vitest';
import { detectBrand, SUPPORTED_BRANDS } from './card-brands.ts';
import { luhnValid } from './luhn.ts';
import { existsSync, readFileSync } from 'node:fs';
import { CARD_FIXTURES_FILE, loadCardFixtures, SHARED_CARD_FIXTURES_FILE } from './test/card-fixtures.ts';
import { futureYear } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

// The evidence is the providers' published numbers, never numbers built from the rules under test.
const { cards, invalid } = loadCardFixtures();
const supported = new Set(SUPPORTED_BRANDS.map((name) => name.toLowerCase()));
const accepted = cards.filter((card) => supported.has(card.brand));
const refused = cards.filter((card) => !supported.has(card.brand));

const sb = fileSandbox();

const generate = async (cardNumber: string, cvv = '123') =>
  sb.browser('token', '/api/Token/Generate', {
    sessionId: await sb.session(),
    card: { cardNumber, cvv, expirationMonth: 12, expirationYear: futureYear() },
  });

describe('the service’s brand rules against published test numbers', () => {
  it.runIf(existsSync(SHARED_CARD_FIXTURES_FILE))('reads a copy equal to the shared original', () => {
    expect(readFileSync(CARD_FIXTURES_FILE, 'utf8')).toBe(readFileSync(SHARED_CARD_FIXTURES_FILE, 'utf8'));
  });

  it('covers every supported brand the fixtures name, and some the service refuses', () => {
    expect(new Set(accepted.map((card) => card.brand)).size).toBeGreaterThanOrEqual(9);
    expect(refused.map((card) => card.brand)).toEqual(expect.arrayContaining(['maestro', 'unionpay']));
  });

  it.each(cards.map((card) => [card.brand, card.number] as const))(
    'reads %s %s as its published brand',
    (brand, number) => {
      expect(luhnValid(number)).toBe(true);
      expect(detectBrand(number)?.name.toLowerCase()).toBe(brand);
      expect(detectBrand(number.slice(0, 6))?.name.toLowerCase()).toBe(brand);
    },
  );

  it.each(accepted.map((card) => [card.brand, card.number] as const))(
    'Token/Generate tokenizes %s %s under that brand',
    async (brand, number) => {
      const reply = await generate(number, brand === 'amex' ? '1234' : '123');
      expect(reply.status).toBe(200);
      expect((reply.body['card'] as { brand: string }).brand.toLowerCase()).toBe(brand);
    },
  );

  it.each(refused.map((card) => [card.brand, card.number] as const))(
    'Token/Generate refuses %s %s as a brand it does not support, not as another brand',
    async (_brand, number) => {
      const reply = await generate(number);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'card_brand_unsupported', field: 'card.cardNumber' });
    },
  );

  it.each(invalid.map((entry) => [entry.number, entry.why] as const))(
    'Token/Generate refuses %s (%s)',
    async (number) => {
      const reply = await generate(number);
      expect(reply.status).toBe(400);
      expect(['card_number_invalid', 'card_brand_unsupported']).toContain(reply.body.error?.code);
      expect(JSON.stringify(reply.body)).not.toContain(number);
    },
  );

  // Adyen's published Maestro test card (docs.adyen.com, test card numbers; adyen-web's MAESTRO_CARD):
  // a 50 BIN outside Elo's ranges is Maestro, not Aura.
  it('refuses the provider Maestro number 5000550000000029 instead of taking it for Aura', async () => {
    expect(detectBrand('5000550000000029')).toMatchObject({ name: 'Maestro', supported: false });
    const reply = await generate('5000550000000029');
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('card_brand_unsupported');
  });

  // Aura publishes no range; its public test numbers (Brazilian acquirers' sandboxes) all carry 507860.
  it.each(['5078601870000127985', '5078601800003247449'])(
    'reads the Aura test number %s as Aura',
    (number) => {
      expect(detectBrand(number)).toMatchObject({ name: 'Aura', supported: true });
    },
  );
});

// docs/checkout-script.md's brand table is the card fields' (src/card/brands-doc.node.test.ts checks
// that); it says the service reads the same names, lengths, CVV lengths and BINs but for Hipercard.
describe('the card fields’ brand table, as the service reads it', () => {
  const doc = readFileSync(new URL('../docs/checkout-script.md', import.meta.url), 'utf8');
  const rows = [...doc.matchAll(/^\| `[a-z]+` +\| (\w+) +\| ([\d, ]+?) +\| (\d) +\| `([\d -]+)` +\|$/gm)];

  it('names the brands the service accepts', () => {
    expect(rows.map(([, name]) => name).sort()).toEqual([...SUPPORTED_BRANDS].sort());
  });

  it.each(
    rows.map(([, name = '', lengths = '', cvv = '', bins = '']) => [name, lengths, cvv, bins] as const),
  )(
    'reads the BINs of %s with its lengths and CVV, Hipercard’s 3841 BINs as Diners, 606282 with 16 digits',
    (name, lengths, cvv, bins) => {
      for (const range of bins.split(' ')) {
        const [min = '', max = min] = range.split('-');
        for (const bin of [min.padEnd(6, '0'), max.padEnd(6, '9')]) {
          const brand = detectBrand(bin);
          const expected = bin.startsWith('3841')
            ? { name: 'Diners', lengths: '14, 16, 19', cvv }
            : { name, lengths: name === 'Hipercard' ? '16' : lengths, cvv };
          expect({
            bin,
            name: brand?.name,
            lengths: brand?.lengths.join(', '),
            cvv: String(brand?.cvvLength),
          }).toEqual({ bin, ...expected });
        }
      }
    },
  );
});
