/**
 * The card form host's shadow styles (adopted: src/elements/shadow.ts). The card frame's heights include
 * the accepted brands' logo row (24 px and the form's 12 px gap; none in cvv mode). The comments inside
 * the string ship with it: keep new ones out here.
 */
export const cardFormStyles = `
  /*
   * Reserved before the frame reports its size, so the page does not jump when it loads: the frame's
   * height with the default appearance where no label wraps (measured in Chromium and Firefox), the
   * rows the merchant's options add included.
   */
  :host {
    display: block;
    --_rows: 352px;
    --_save: 0px;
    --_document: 0px;
    --_installments: 0px;
    --svc-frame-initial-height: calc(var(--_rows) + var(--_save) + var(--_document) + var(--_installments));
  }
  :host([save-card]) {
    --_save: 35px;
  }
  :host([document]) {
    --_document: 99px;
  }
  :host([installments]) {
    --_installments: 81px;
  }
  :host([mode='cvv']) {
    --_rows: 99px;
  }
  iframe {
    display: block;
    width: 100%;
    min-width: 0;
    height: var(--svc-frame-initial-height);
    border: 0;
    background: transparent;
    color-scheme: normal;
  }
`;
