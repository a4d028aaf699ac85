// The card fields as the card frame script uses them: classes, events, types and the define call.

export { SvcCardCvc } from './card-cvc.ts';
export { SvcCardExpiry } from './card-expiry.ts';
export { SvcCardFields } from './card-fields.ts';
export { SvcCardHolder } from './card-holder.ts';
export { SvcCardNumber } from './card-number.ts';
export { defineCardFields } from './define.ts';
export {
  SvcFieldsBinEvent,
  SvcFieldsBlurEvent,
  SvcFieldsChangeEvent,
  SvcFieldsFocusEvent,
  SvcFieldsSubmitEvent,
} from './events.ts';
export {
  FIELD_NAMES,
  type CardData,
  type FieldError,
  type FieldName,
  type FieldState,
  type FieldsState,
} from './types.ts';
