/** The 3DS dialog's shadow styles (adopted: src/elements/shadow.ts). */
export const challengeDialogStyles = `
  :host {
    display: contents;
  }
  dialog {
    box-sizing: content-box;
    width: var(--svc-challenge-width, 390px);
    max-width: calc(100vw - 32px);
    padding: 0;
    border: 1px solid #6e7781;
    border-radius: 8px;
    background: #fff;
    color: #1f2328;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  dialog.full {
    width: 100vw;
    height: 100dvh;
    max-width: none;
    max-height: none;
    margin: 0;
    border: 0;
    border-radius: 0;
  }
  .bar {
    display: flex;
    justify-content: flex-end;
    padding: 4px;
  }
  button {
    min-width: 44px;
    min-height: 44px;
    border: 0;
    background: transparent;
    font: inherit;
    font-size: 1.5rem;
    line-height: 1;
    cursor: pointer;
    color: inherit;
  }
  button:focus-visible {
    outline: 3px solid #0969da;
    outline-offset: 2px;
  }
  iframe {
    display: block;
    border: 0;
    width: var(--svc-challenge-width, 390px);
    height: var(--svc-challenge-height, 400px);
  }
  dialog.full iframe {
    width: 100%;
    height: calc(100% - 52px);
  }
`;
