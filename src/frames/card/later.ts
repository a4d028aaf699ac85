// What the card frame needs only once the shopper has typed a valid card number or submits: the
// service client, the submit, 3DS (setup, device data collection, the reader of Token/Generate's
// 3DS block) and how a card pays (Card/Funding). A chunk of its own, fetched after the fields show (vite.config.ts lazyChunks), so the
// frame's first script is smaller and the fields come sooner.

export { serviceClient } from '../../api/service.ts';
export { submitCard } from './submit.ts';
export { lockForm } from '../fields/lock.ts';
export { decodeAuthentication } from '../../three-ds/collection/preparer.ts';
export { askFunding, cardFramePreparer } from './funding.ts';
