// The sandbox issuer's offer to enrol the card for Secure Payment Confirmation, after a passed challenge.
// It is shown only where a platform authenticator can verify the shopper, and once per card on a device
// (the device remembers an enrolment or a "Not now" in its storage for this origin, which browsers keep
// apart per merchant site); elsewhere, and after "Not now", an enrolment or a failure, the page returns
// to the merchant as cres.js does (without script, its Continue button does). The credential is created
// on this page's origin, the issuer's relying party, with the SPC `payment` extension, and only the
// issuer keeps it.
/* global document, PublicKeyCredential, HTMLFormElement */
'use strict';

const form = document.getElementById('cres');
const offer = document.getElementById('spc-offer');
const status = document.getElementById('spc-status');
const button = document.getElementById('spc-enrol');
const asked = `svc-spc-asked:${offer === null ? '' : offer.dataset.card}`;

/** Whether this device was asked for this card before; storage may be refused (then it asks again). */
const wasAsked = () => {
  try {
    return localStorage.getItem(asked) !== null;
  } catch {
    return false;
  }
};
const remember = () => {
  try {
    localStorage.setItem(asked, '1');
  } catch {
    // Asked again next time.
  }
};

const back = () => {
  if (form instanceof HTMLFormElement) form.submit();
};

async function platformAuthenticator() {
  try {
    return (
      typeof PublicKeyCredential === 'function' &&
      typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function' &&
      (await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable())
    );
  } catch {
    return false;
  }
}

const post = (path, body) =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function enrol() {
  button.disabled = true;
  status.textContent = 'Follow your device’s prompt…';
  const { ticket } = offer.dataset;
  try {
    const options = await post('/stepup/spc/options', { ticket });
    if (!options.ok) throw new Error('The issuer offers no enrolment now.');
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(await options.json());
    const credential = await navigator.credentials.create({ publicKey });
    const saved = await post('/stepup/spc/enrol', { ticket, credential: credential.toJSON() });
    if (saved.ok) remember();
    status.textContent = saved.ok
      ? 'This device is set up. Returning to the merchant…'
      : 'Your bank could not set up this device. Returning to the merchant…';
  } catch {
    status.textContent = 'This device was not set up. Returning to the merchant…';
  }
  back();
}

void platformAuthenticator().then((available) => {
  if (!available || offer === null || button === null || wasAsked()) {
    back();
    return;
  }
  document.getElementById('returning').hidden = true;
  document.getElementById('continue').hidden = true;
  offer.hidden = false;
  button.addEventListener('click', () => void enrol());
  document.getElementById('spc-later').addEventListener('click', remember);
  // As acs.js: script may move the focus only within a document that holds it.
  if (document.hasFocus()) button.focus();
});
