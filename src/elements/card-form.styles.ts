/**
 * The card form host's shadow styles (adopted: src/elements/shadow.ts). The card frame's heights include
 * the accepted brands' logo row (24 px and the form's 12 px gap; none in cvv mode). The comments inside
 * the string ship with it: keep new ones out here.
 */
export const cardFormStyles = `
  /*
   * Reserved before the frame reports its size, so the page does not jump when it loads: the frame's
   * height with the default appearance where no label wraps (measured in Chromium and Firefox).
   */
  :host {
    display: block;
    --svc-frame-initial-height: 356px;
  }
  :host([save-card]) {
    --svc-frame-initial-height: 390px;
  }
  :host([mode='cvv']) {
    --svc-frame-initial-height: 103px;
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
