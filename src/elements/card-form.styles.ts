/** The card form host's shadow styles (adopted: src/elements/shadow.ts). */
export const cardFormStyles = `
  /*
   * Reserved before the frame reports its size, so the page does not jump when it loads: the frame's
   * height with the default appearance where no label wraps (measured in Chromium and Firefox).
   */
  :host {
    display: block;
    --svc-frame-initial-height: 316px;
  }
  :host([save-card]) {
    --svc-frame-initial-height: 354px;
  }
  :host([mode='cvv']) {
    --svc-frame-initial-height: 99px;
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
