// Secure Payment Confirmation (issue 41) needs a browser that runs it. This is the smallest page that
// should: a platform credential created with the `payment` extension, then PaymentRequest with
// `secure-payment-confirmation` for it, under a CDP virtual authenticator and the SPC automation mode
// (as the web-platform tests run SPC). It records what this machine's Chromium does with it, so the day
// it runs SPC this test fails and the SPC path's own tests can start.

import { expect, test } from '@playwright/test';
import { platformAuthenticator } from './models/spc-sheet.ts';

const PROBE = 'http://localhost:4173/__spc-probe';

const PAGE = `<!doctype html><meta charset="utf-8"><title>SPC probe</title><script>
window.probe = async () => {
  const seen = {};
  const credential = await navigator.credentials.create({ publicKey: {
    rp: { id: 'localhost', name: 'Issuer' },
    user: { id: new Uint8Array(16), name: 'card', displayName: 'Visa 2701' },
    challenge: new Uint8Array(32),
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
    authenticatorSelection: { userVerification: 'required', residentKey: 'required', authenticatorAttachment: 'platform' },
    extensions: { payment: { isPayment: true } },
  } }).catch((error) => error);
  seen.enrolled = credential instanceof PublicKeyCredential ? 'created' : credential.name + ': ' + credential.message;
  const request = new PaymentRequest([{ supportedMethods: 'secure-payment-confirmation', data: {
    credentialIds: [credential instanceof PublicKeyCredential ? credential.rawId : new Uint8Array(16)],
    challenge: new Uint8Array(32), rpId: 'localhost', payeeOrigin: 'https://shop.example', timeout: 60000,
    instrument: { displayName: 'Visa •••• 2701', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E' },
  } }], { total: { label: 'Total', amount: { currency: 'BRL', value: '120.00' } } });
  seen.canMakePayment = await request.canMakePayment();
  seen.shown = await request.show().then(
    async (response) => { await response.complete('success'); return 'confirmed'; },
    (error) => error.name + ': ' + error.message,
  );
  return seen;
};
</script><button onclick="probe().then((s) => { document.title = JSON.stringify(s); })">Pay</button>`;

test('this Chromium runs no Secure Payment Confirmation: the smallest SPC page is refused', async ({
  page,
  browserName,
}) => {
  test.skip(
    browserName !== 'chromium',
    'SPC is a Chromium API; Firefox and Safari have none and take the challenge.',
  );
  await page.route(PROBE, (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  const { cdp } = await platformAuthenticator(page);
  // The automation mode exists, and accepts: what is missing is SPC itself.
  await cdp.send('Page.setSPCTransactionMode', { mode: 'autoAccept' });
  await page.goto(PROBE);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).not.toHaveTitle('SPC probe');
  expect(JSON.parse(await page.title())).toEqual({
    enrolled: 'created',
    canMakePayment: false,
    shown: 'NotSupportedError: The payment method "secure-payment-confirmation" is not supported.',
  });
});
