// service-checkout/react: the Checkout for React 18 and 19. A provider, the elements as components and
// pay() as a hook; safe under strict mode and server rendering (nothing runs at import or on a server).

export {
  CheckoutProvider,
  useCheckout,
  type CheckoutContextValue,
  type CheckoutProviderProps,
} from './provider.ts';
export {
  ApplePayButton,
  Boleto,
  CardForm,
  GooglePayButton,
  PixCode,
  StoredCard,
  type ApplePayButtonProps,
  type CardFormEventProps,
  type CardFormProps,
  type GooglePayButtonProps,
  type SlotProps,
  type StoredCardProps,
  type WalletProps,
} from './elements.ts';
export { usePay, type PayState, type UsePay } from './use-pay.ts';
export { FRAME_HEIGHTS } from './reserved-height.ts';
