// The elements as React components. Each renders one <div> it owns and mounts the Checkout's element
// into it after commit: the card form or a stored card's code (a server renders the slot at the frame's
// reserved height, so nothing jumps), a wallet's button, or the place pay() shows a Pix code or a
// boleto in. Unmounting removes what was mounted, with its frame, port and listeners.

import {
  createElement,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import type {
  ApplePayButtonOptions,
  ApplePayOptions,
  Checkout,
  CheckoutError,
  GooglePayOptions,
  StoredCard as StoredCardData,
  SvcBlurEvent,
  SvcCardForm,
  SvcChangeEvent,
  SvcErrorEvent,
  SvcFocusEvent,
  SvcPasskeyEvent,
  SvcReadyEvent,
  SvcResultEvent,
  SvcSubmitEvent,
  SvcThreeDsEvent,
} from 'service-checkout';
import { settingsKey, useLatest, withLatestCallbacks } from './latest.ts';
import { useCheckoutContext } from './provider.ts';
import { reservedHeight } from './reserved-height.ts';

/** The card form's events (`svc-<name>`); the prop that hears each is `on<Name>`, and `onThreeDs`. */
const FORM_EVENTS = 'ready change focus blur submit result error passkey 3ds'.split(' ');

/** What the slot a component renders takes. */
export interface SlotProps {
  /** The class of the `<div>` the component renders, which holds what it mounts. */
  className?: string | undefined;
  /**
   * The `<div>`'s style. Until the card form is mounted (and on a server), the component adds the
   * frame's reserved `minHeight`, which yours overrides.
   */
  style?: CSSProperties | undefined;
}

/**
 * The card form's events as props (the latest render's are called): `onResult` hears every submit's
 * result, whether the shopper pressed Enter or the page called `submit()` or `pay()`.
 */
export interface CardFormEventProps {
  /** `svc-ready`: the frame is up and the fields can be typed in. */
  onReady?: (event: SvcReadyEvent) => void;
  /** `svc-change`: the form's state (brand, each field's state, complete), never a value. */
  onChange?: (event: SvcChangeEvent) => void;
  /** `svc-focus`: a field got the focus. */
  onFocus?: (event: SvcFocusEvent) => void;
  /** `svc-blur`: a field lost it. */
  onBlur?: (event: SvcBlurEvent) => void;
  /** `svc-submit`: the shopper pressed Enter in a field; the submit has started. */
  onSubmit?: (event: SvcSubmitEvent) => void;
  /** `svc-result`: a submit's result (the token, its 3DS verdict, or a CheckoutError). */
  onResult?: (event: SvcResultEvent) => void;
  /** `svc-error`: the form cannot run (its frame failed, a refused option). */
  onError?: (event: SvcErrorEvent) => void;
  /** `svc-passkey`: what became of the offer to create a stored card's passkey. */
  onPasskey?: (event: SvcPasskeyEvent) => void;
  /** `svc-3ds`: a 3DS step (collection, challenge shown or finished), to show progress. */
  onThreeDs?: (event: SvcThreeDsEvent) => void;
}

/** `<CardForm>`'s props: its slot, its events, and the element's id. */
export interface CardFormProps extends SlotProps, CardFormEventProps {
  /** The `<svc-card-form>`'s id, for a `<label for>`: a click on the label focuses the card number. */
  id?: string;
}

/** `<StoredCard>`'s props: the card, its slot and its events. */
export interface StoredCardProps extends SlotProps, CardFormEventProps {
  /** The stored card, from `checkout.listStoredCards()`; another token mounts anew. */
  card: Pick<StoredCardData, 'token' | 'brand' | 'last4'> & Partial<Pick<StoredCardData, 'passkey'>>;
}

/** The one element a component renders: the place what it shows is mounted in. */
const div = (ref: RefObject<HTMLDivElement | null>, { className, style }: SlotProps) =>
  createElement('div', { ref, className, style });

/** Mounts a form with `mount` once there is a Checkout, its events going to the latest props. */
function useFormSlot(
  props: CardFormProps,
  mode: 'card' | 'cvv',
  mount: (checkout: Checkout, slot: Element) => SvcCardForm,
  remountOn: unknown,
): ReactNode {
  const { checkout, options } = useCheckoutContext();
  const latest = useLatest(props);
  const slot = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (checkout === null || slot.current === null) return;
    const form = mount(checkout, slot.current);
    if (props.id !== undefined) form.id = props.id;
    for (const name of FORM_EVENTS) {
      const prop = `on${name === '3ds' ? 'ThreeDs' : name.charAt(0).toUpperCase() + name.slice(1)}`;
      form.addEventListener(`svc-${name}`, (event) => {
        (latest.current[prop as keyof CardFormEventProps] as ((e: Event) => void) | undefined)?.(event);
      });
    }
    setMounted(true);
    return () => {
      // Disconnected, the form closes its port and drops its frame's listeners.
      form.remove();
      setMounted(false);
    };
    // `mount` is the render's; `remountOn` says when it mounts something else.
  }, [checkout, remountOn]);
  // Until the form is in (on a server, before the first commit), the frame's reserved height; then
  // the form's own, which follows the frame.
  const style = mounted ? props.style : { minHeight: reservedHeight(options, mode), ...props.style };
  return div(slot, { ...props, style });
}

/** The card fields in the token host's frame (`mountCardForm`). */
export function CardForm(props: CardFormProps): ReactNode {
  return useFormSlot(props, 'card', (checkout, slot) => checkout.mountCardForm(slot), 'card');
}

/** A stored card's security code (and installments) in the token host's frame (`mountStoredCard`). */
export function StoredCard({ card, ...props }: StoredCardProps): ReactNode {
  return useFormSlot(props, 'cvv', (checkout, slot) => checkout.mountStoredCard(slot, card), card.token);
}

/** What a wallet's button takes besides its options: where a refused option goes. */
export interface WalletProps extends SlotProps {
  /**
   * An option refused (`invalid_option`, `invalid_target`) or `full_build_required`: what
   * `useGooglePay()` / `useApplePay()` reject with. Without it, the rejection is left unhandled.
   */
  onError?: (error: CheckoutError) => void;
}

/** `useGooglePay()`'s options but where the button goes, which is the component's own element. */
export type GooglePayButtonProps = Omit<GooglePayOptions, 'selector'> & WalletProps;
/** `useApplePay()`'s options but where the button goes, which is the component's own element. */
export type ApplePayButtonProps = Omit<ApplePayOptions, 'button'> & {
  /** How the button looks. */
  button?: Omit<ApplePayButtonOptions, 'selector'>;
} & WalletProps;

/** Shows a wallet's button once there is a Checkout, anew when its options change by value. */
function useWalletSlot<T extends WalletProps>(
  props: T,
  show: (checkout: Checkout, options: Omit<T, keyof WalletProps>, container: Element) => Promise<boolean>,
): ReactNode {
  const { checkout } = useCheckoutContext();
  const latest = useLatest(props);
  const slot = useRef<HTMLDivElement>(null);
  const options = settingsKey(props, ['className', 'style']);
  useEffect(() => {
    if (checkout === null || slot.current === null) return;
    // A container of its own for each showing: an earlier one still loading shows in none.
    const container = slot.current.appendChild(document.createElement('div'));
    const { className: _c, style: _s, onError: _e, ...walletOptions } = withLatestCallbacks(latest);
    show(checkout, walletOptions, container).catch((error: unknown) => {
      const { onError } = latest.current;
      if (onError === undefined) throw error;
      onError(error as CheckoutError);
    });
    return () => {
      container.remove();
    };
    // `show` is the component's own; `options` are the props by value.
  }, [checkout, options]);
  return div(slot, props);
}

/** The Google Pay button, when the shopper can pay with it here (`useGooglePay`; full or ESM build). */
export function GooglePayButton(props: GooglePayButtonProps): ReactNode {
  return useWalletSlot(props, (checkout, options, selector) =>
    checkout.useGooglePay({ ...options, selector }),
  );
}

/** The Apple Pay button, when the shopper can pay with it here (`useApplePay`; full or ESM build). */
export function ApplePayButton(props: ApplePayButtonProps): ReactNode {
  return useWalletSlot(props, (checkout, { button, ...options }, selector) =>
    checkout.useApplePay({ ...options, button: { ...button, selector } }),
  );
}

/** Where `pay({method})` from {@link usePay} shows its code while the component is rendered. */
function usePaymentSlot(method: 'pix' | 'boleto', props: SlotProps): ReactNode {
  const { slots } = useCheckoutContext();
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = slot.current;
    if (element === null) return;
    slots.set(method, element);
    return () => {
      if (slots.get(method) === element) slots.delete(method);
    };
  }, [method, slots]);
  return div(slot, props);
}

/**
 * Where `usePay().pay({method: 'pix'})` shows the Pix code (the QR code, the copy button and the
 * payment's state, in the shopper's language), unless that call names its own `target`.
 */
export function PixCode(props: SlotProps): ReactNode {
  return usePaymentSlot('pix', props);
}

/** Where `usePay().pay({method: 'boleto', payer})` shows the boleto, as {@link PixCode} does a Pix code. */
export function Boleto(props: SlotProps): ReactNode {
  return usePaymentSlot('boleto', props);
}
