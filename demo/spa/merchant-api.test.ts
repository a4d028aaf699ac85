// The single-page app's settings without a server-rendered page: from the build's environment, as Vite
// inlines it (merchant-api.ts, settingsFromBuild), else the page's rendered JSON.
import { describe, expect, it } from 'vitest';
import { settingsFromBuild } from './merchant-api.ts';

const env = (vars: Partial<ImportMetaEnv>) => vars as ImportMetaEnv;

describe('settingsFromBuild', () => {
  it('reads the account, environment and token host the build was given', () => {
    expect(
      settingsFromBuild(
        env({
          VITE_CHECKOUT_ACCOUNT: 'shop',
          VITE_CHECKOUT_ENVIRONMENT: 'production',
          VITE_CHECKOUT_TOKEN_URL: 'https://token.example.com',
        }),
      ),
    ).toEqual({ account: 'shop', environment: 'production', tokenUrl: 'https://token.example.com' });
    expect(
      settingsFromBuild(env({ VITE_CHECKOUT_ACCOUNT: 'demo', VITE_CHECKOUT_ENVIRONMENT: 'sandbox' })),
    ).toEqual({
      account: 'demo',
      environment: 'sandbox',
    });
  });

  it('is undefined for a build without them (the page then has them rendered), or with an unknown environment', () => {
    expect(settingsFromBuild(env({}))).toBeUndefined();
    expect(
      settingsFromBuild(env({ VITE_CHECKOUT_ACCOUNT: 'shop', VITE_CHECKOUT_ENVIRONMENT: 'live' })),
    ).toBeUndefined();
  });
});
