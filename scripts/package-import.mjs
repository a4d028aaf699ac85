// Run by scripts/package.test.ts beside a node_modules holding the unpacked tarball: imports the package
// by name in plain Node (as server-side rendering does, no DOM); exits non-zero with the reason. Arguments:
// the check, the expected version, and for `subpaths` the script-tag file, frames directory and full file.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [check, version, scriptFile = '', framesDir = '', fullScriptFile = ''] = process.argv.slice(2);
const NAME = 'service-checkout';
/** What the ESM entry must export (it may export more). */
const EXPORTS = `Checkout CheckoutError ERROR_TYPES isCheckoutError SvcBlurEvent SvcChangeEvent SvcErrorEvent
  SvcFocusEvent SvcReadyEvent SvcResultEvent SvcSubmitEvent SvcThreeDsEvent VERSION`.split(/\s+/);

async function entry() {
  assert.equal(globalThis.document, undefined, 'this check needs a Node without a DOM');
  // A variable specifier: resolved at run time from this file's node_modules.
  const sdk = await import(NAME);
  const missing = EXPORTS.filter((name) => !(name in sdk));
  assert.deepEqual(missing, [], `missing exports: ${missing.join(', ')}`);
  assert.equal(sdk.VERSION, version, 'VERSION is the package version');
  assert.equal(globalThis.document, undefined, 'importing created a document');
  assert.equal(globalThis.window, undefined, 'importing created a window');
  // Importing must not register anything, wherever a custom-element registry exists.
  assert.equal(globalThis.customElements?.get('svc-card-form'), undefined, 'importing defined an element');

  const { Checkout, CheckoutError, isCheckoutError } = sdk;
  const checkout = new Checkout({
    sessionId: 'ses_1',
    account: 'demo',
    environment: 'sandbox',
    locale: 'pt-BR',
  });
  assert.equal(checkout.locale, 'pt-BR');
  assert.equal(isCheckoutError(new CheckoutError('x', 'validation', 'm')), true);
  assert.throws(() => new Checkout({ account: 'demo', environment: 'sandbox' }), /sessionId/);
}

/** service-checkout/webhooks in a server: what a merchant's handler and its offline tests do. */
async function webhooks() {
  const { signWebhook, verifyWebhook } = await import(`${NAME}/webhooks`);
  const secret = 'whsec_test_0123456789abcdef';
  const payload = JSON.stringify({
    id: 'evt_1',
    type: 'payment.paid',
    createdAt: '2026-01-01T00:00:00.000Z',
    data: { payment: { paymentId: 'pay_1', partnerUniqueId: 'order-1', status: 'paid' } },
  });
  const signature = await signWebhook({ payload, secret });
  const verified = await verifyWebhook({ payload, signature, secret });
  assert.equal(verified.ok, true, 'a signed event verifies');
  assert.equal(verified.event.type, 'payment.paid');
  const refused = await verifyWebhook({ payload: `${payload} `, signature, secret });
  assert.deepEqual(refused, { ok: false, reason: 'bad_signature' });
  assert.equal(globalThis.document, undefined, 'importing created a document');
}

/** service-checkout/react on a server, as Next.js renders a page: the provider and the card form's slot. */
async function react() {
  const file = fileURLToPath(import.meta.resolve(`${NAME}/react`));
  assert.match(
    readFileSync(file, 'utf8'),
    /^["']use client["'];\n/,
    'the React entry starts with use client',
  );
  const { CheckoutProvider, CardForm, FRAME_HEIGHTS } = await import(`${NAME}/react`);
  const { createElement: h, StrictMode } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const options = {
    account: 'demo',
    environment: 'sandbox',
    sessionId: Promise.resolve('ses_1'),
    saveCard: true,
  };
  const html = renderToString(h(StrictMode, null, h(CheckoutProvider, { options }, h(CardForm))));
  const height = FRAME_HEIGHTS.card + FRAME_HEIGHTS.saveCard;
  assert.equal(html, `<div style="min-height:${height}px"></div>`);
  assert.equal(globalThis.document, undefined, 'rendering created a document');
  assert.equal(globalThis.window, undefined, 'rendering created a window');
}

function subpaths() {
  const exported = [
    [`${NAME}/react`, 'dist/react.js'],
    [`${NAME}/script-tag`, `dist/${scriptFile}`],
    [`${NAME}/webhooks`, 'dist/webhooks.js'],
    [`${NAME}/script-tag/full`, `dist/${fullScriptFile}`],
    [`${NAME}/${framesDir}/card.html`, `dist/${framesDir}/card.html`],
    [`${NAME}/${framesDir}/3ds.html`, `dist/${framesDir}/3ds.html`],
    [`${NAME}/custom-elements.json`, 'dist/custom-elements.json'],
    [`${NAME}/package.json`, 'package.json'],
  ];
  for (const [specifier, file] of exported) {
    const path = fileURLToPath(import.meta.resolve(specifier));
    assert.ok(path.endsWith(join('node_modules', NAME, file)), `${specifier} resolved to ${path}`);
    assert.ok(existsSync(path), `${specifier} resolved to a missing file`);
  }
  // Everything else stays private to the package.
  for (const specifier of [`${NAME}/dist/checkout.js`, `${NAME}/dist/types/index.d.ts`]) {
    assert.throws(() => import.meta.resolve(specifier), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' }, specifier);
  }
}

if (check === 'entry') await entry();
else if (check === 'webhooks') await webhooks();
else if (check === 'react') await react();
else if (check === 'subpaths') subpaths();
else throw new Error(`unknown check ${String(check)}: use entry, react, webhooks or subpaths`);
