// cardFormHtml() on the merchant's server (no DOM): the markup of a card form whose frame starts loading
// with the page, made as the card form would make its frame, so mountCardForm() adopts it.
import { describe, expect, it } from 'vitest';
import { cardFormHtml } from './card-form-html.ts';

const page = 'https://shop.example';

/** The iframe's src, as the browser reads the attribute. */
const srcOf = (html: string) => new URL((/ src="([^"]*)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&'));

describe('cardFormHtml', () => {
  it("holds the token host's card frame in a declarative shadow root, for this account and page origin", () => {
    const html = cardFormHtml({ account: 'demo', environment: 'sandbox', origin: `${page}/checkout?step=2` });
    expect(html).toMatch(
      /^<svc-card-form mode="card"><template shadowrootmode="open"><iframe part="frame" src="[^"]+" title="Formulário seguro de pagamento com cartão" allow="payment; publickey-credentials-get; publickey-credentials-create" referrerpolicy="origin" loading="eager" width="100%" height="352"><\/iframe><\/template><\/svc-card-form>$/,
    );
    const src = srcOf(html);
    expect(src.origin).toBe('http://localhost:4174');
    expect(src.pathname).toMatch(/^\/frames\/\d[\w.-]*\/card\.html$/);
    expect(Object.fromEntries(src.searchParams)).toEqual({ account: 'demo', mode: 'card' });
    const boot = new URLSearchParams(src.hash.slice(1));
    expect(boot.get('n')).toMatch(/^[0-9a-f]{32}$/);
    // The page's origin only, as the frame compares it with the account's allowed origins.
    expect(boot.get('o')).toBe(page);
  });

  it('has a new nonce each time, the tokenUrl given, and escapes what it puts in the attribute', () => {
    const options = {
      account: 'a"b&c',
      environment: 'production',
      tokenUrl: 'https://token.example',
    } as const;
    const [one, two] = [
      cardFormHtml({ ...options, origin: page }),
      cardFormHtml({ ...options, origin: page }),
    ];
    expect(srcOf(one).hash).not.toBe(srcOf(two).hash);
    expect(srcOf(one).origin).toBe('https://token.example');
    expect(srcOf(one).searchParams.get('account')).toBe('a"b&c');
    expect(one).not.toContain('a"b');
    expect(/ src="[^"]*"/.exec(one)?.[0]).not.toMatch(/&(?!amp;)/);
  });

  it('refuses what no frame could be made for, saying which option to fix', () => {
    const fails = (options: Parameters<typeof cardFormHtml>[0], message: RegExp) => {
      expect(() => cardFormHtml(options)).toThrow(
        expect.objectContaining({
          code: 'invalid_option',
          message: expect.stringMatching(message) as string,
        }),
      );
    };
    fails({ account: '', environment: 'sandbox', origin: page }, /^account /);
    fails(
      { account: 'demo', environment: 'sandbox', origin: 'http://shop.example' },
      /^origin must use https/,
    );
    fails(
      { account: 'demo', environment: 'sandbox', origin: 'shop.example' },
      /^origin "shop.example" is not a URL/,
    );
    fails(
      { account: 'demo', environment: 'production', origin: page },
      /^tokenUrl is required in production/,
    );
  });
});
