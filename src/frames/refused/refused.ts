// The token host's refusal document: says to the page, at once, why there is no card frame (a code of
// FRAME_REFUSALS, in a hello with the page's nonce, to the exact origin the page named), so the page
// fails within moments with an error that names the fix instead of waiting out its ready timeout.
// It carries nothing else, and shows the shopper the frames' calm refusal sentence.

import { greet, readBoot } from '../../messaging/handshake.ts';
import {
  FRAME_REFUSALS,
  PROTOCOL_VERSION,
  type FrameRefusal,
  type HelloMessage,
} from '../../messaging/protocol.ts';
import { refuse } from '../frame-runtime.ts';

const content = document.querySelector('meta[name="svc-refusal"]')?.getAttribute('content');
const refused = FRAME_REFUSALS.find((code: FrameRefusal) => code === content);
const boot = readBoot(window);
if (boot !== undefined && window.parent !== window && refused !== undefined) {
  const hello: HelloMessage = {
    v: PROTOCOL_VERSION,
    type: 'svc:hello',
    nonce: boot.nonce,
    refused,
  };
  try {
    // Again whenever the page asks: a page whose HTML holds the frame may listen only later.
    greet(window, boot, hello);
  } catch {
    // A parent origin that is no origin at all (a page that named none): nobody to tell.
  }
}
refuse(document);
document.title = document.querySelector('.svc-refusal')?.textContent ?? '';
