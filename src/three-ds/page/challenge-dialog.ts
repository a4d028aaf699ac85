// <svc-challenge-dialog>: the merchant-side modal for a 3DS challenge. A native <dialog> opened with
// showModal() (the page behind is inert, so focus stays inside), holding the 3DS frame from the token
// host at the size the issuer asked for. Escape or the close button cancels; focus goes back to where
// the shopper was.

import { resolveChallengeBox, type ChallengeBox } from './challenge-size.ts';
import { challengeDialogStyles } from './challenge-dialog.styles.ts';
import { attachStyledShadow, element, ElementBase } from '../../elements/shadow.ts';

/** The shopper closed the challenge (Escape or the close button) before it finished. */
export class SvcChallengeCancelEvent extends Event {
  static readonly type = 'svc-challenge-cancel';
  constructor() {
    super(SvcChallengeCancelEvent.type, { bubbles: true, composed: true });
  }
}

export interface ChallengeDialogOptions {
  /** The 3DS frame's URL on the token host. */
  src: string;
  /** Accessible name of the dialog and title of its frame. */
  label: string;
  closeLabel: string;
  /** EMV challengeWindowSize ('01'–'05'); anything else means '02'. */
  windowSize: unknown;
}

/**
 * The modal for a 3DS challenge: the Checkout appends it to the page's body when the issuer asks for a
 * challenge and removes it when the challenge ends. It is not made by hand; style it through its
 * parts. Its size is the one the issuer asks for (full screen on narrow screens), which the element
 * sets on itself as `--svc-challenge-width` and `--svc-challenge-height`: they are not for styling.
 *
 * @tag svc-challenge-dialog
 * @event {SvcChallengeCancelEvent} svc-challenge-cancel - The shopper closed the challenge (Escape or
 * the close button); the submit resolves with `challenge_cancelled`.
 * @csspart dialog - The native `<dialog>`, shown modally.
 * @csspart close - The close button.
 * @csspart frame - The iframe holding the issuer's page, from the token host.
 */
export class SvcChallengeDialog extends ElementBase {
  readonly #root = attachStyledShadow(this, challengeDialogStyles);
  #box: ChallengeBox | undefined;
  #returnFocus: HTMLElement | null = null;

  /** @internal The box chosen for the last show(): the size code, pixels, full screen or not. */
  get box(): ChallengeBox | undefined {
    return this.#box;
  }

  /** @internal */
  get frame(): HTMLIFrameElement | null {
    return this.#root.querySelector('iframe');
  }

  /** @internal */
  get isOpen(): boolean {
    return this.#root.querySelector('dialog')?.open === true;
  }

  /** @internal Opens the dialog modally and resolves with its frame. */
  show(options: ChallengeDialogOptions): Promise<HTMLIFrameElement> {
    this.#box = resolveChallengeBox(options.windowSize, {
      width: window.innerWidth,
      height: window.innerHeight,
    });
    this.style.setProperty('--svc-challenge-width', `${String(this.#box.width)}px`);
    this.style.setProperty('--svc-challenge-height', `${String(this.#box.height)}px`);
    const active = document.activeElement;
    this.#returnFocus = active instanceof HTMLElement ? active : null;
    const close = element('button', { part: 'close', type: 'button', 'aria-label': options.closeLabel }, '×');
    close.addEventListener('click', this.#cancel);
    const frame = element('iframe', {
      part: 'frame',
      src: options.src,
      title: options.label,
      // The 3DS frame may run Secure Payment Confirmation, and the issuer's page inside it a passkey
      // (its enrolment creates one).
      allow: 'payment; publickey-credentials-get; publickey-credentials-create',
    });
    const dialog = element(
      'dialog',
      { part: 'dialog', 'aria-label': options.label, ...(this.#box.fullScreen ? { class: 'full' } : {}) },
      element('div', { class: 'bar' }, close),
      frame,
    );
    dialog.addEventListener('cancel', this.#onCancel);
    this.#root.replaceChildren(dialog);
    dialog.showModal();
    return Promise.resolve(frame);
  }

  /** @internal Closes the dialog (the challenge finished or failed) and gives focus back. */
  close(): void {
    const dialog = this.#root.querySelector('dialog');
    if (dialog?.open === true) dialog.close();
    this.#root.replaceChildren();
    this.#returnFocus?.focus();
    this.#returnFocus = null;
  }

  disconnectedCallback(): void {
    this.#returnFocus = null;
  }

  #onCancel = (event: Event) => {
    // Escape: close ourselves, so the same path runs as for the close button.
    event.preventDefault();
    this.#cancel();
  };

  #cancel = () => {
    this.close();
    this.dispatchEvent(new SvcChallengeCancelEvent());
  };
}
