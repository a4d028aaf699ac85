/** The card form host's shadow styles (adopted: src/elements/shadow.ts). */
export const cardFormStyles = `
  :host {
    display: block;
    /* Reserved before the frame reports its size, so the page does not jump when it loads. */
    --svc-frame-initial-height: 236px;
  }
  :host([mode='cvv']) {
    --svc-frame-initial-height: 104px;
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
