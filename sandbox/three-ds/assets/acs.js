// The issuer's one-time code takes the focus once its page has it. Browsers block (and Chromium logs)
// `autofocus` in a cross-origin frame, which this page always is; script may move the focus within a
// document that holds it: at once when the page loads focused (a wrong code sent again), else when the
// shopper tabs or clicks into the challenge. A control the shopper reached keeps the focus.
/* global document, window, HTMLInputElement */
'use strict';

const code = document.getElementById('otp');
const focusCode = () => {
  const active = document.activeElement;
  if (active === null || active === document.body) code.focus();
};
if (code instanceof HTMLInputElement) {
  if (document.hasFocus()) focusCode();
  else window.addEventListener('focus', focusCode, { once: true });
}
