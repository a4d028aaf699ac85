// The token host's 3DS return page: relays the ACS's TransactionId and MD to the 3DS frame (its parent,
// on the same token host origin). The outcome itself comes from ThreeDS/Validate, never from this message.
/* global window, document */
'use strict';

(function relay() {
  const data = document.getElementById('result');
  if (data === null || window.parent === window) return;
  const { targetOrigin, transactionId, md } = data.dataset;
  if (targetOrigin === undefined || transactionId === undefined) return;
  window.parent.postMessage({ v: 1, type: 'svc:3ds-complete', transactionId, md: md ?? '' }, targetOrigin);
})();
