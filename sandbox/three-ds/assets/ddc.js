// The sandbox 3DS provider's device data collection page. After the configured delay it reports the
// collection to its own server, then tells the parent frame the way Cardinal's page does: a JSON string,
// posted only to the exact origin the setup JWT named.
/* global window, document */
'use strict';

(function collect() {
  const config = document.getElementById('ddc');
  if (config === null) return;
  const { targetOrigin, message, delayMs, collectionId } = config.dataset;
  // Outcome "never": the page stays silent, so the client's 10 s wait is what ends it.
  if (targetOrigin === undefined || message === undefined) return;
  const answer = () => {
    window.parent.postMessage(message, targetOrigin);
  };
  window.setTimeout(
    () => {
      // Degraded collection has nothing to report: only the message says so.
      if (collectionId === undefined) {
        answer();
        return;
      }
      fetch('/ddc/collect', { method: 'POST', body: new URLSearchParams({ collectionId }) })
        .catch(() => undefined)
        .finally(answer);
    },
    Number(delayMs) || 0,
  );
})();
