// The card form's typed `svc-*` events, as a merchant listens to them on the returned element.
import {
  SvcChangeEvent,
  SvcThreeDsEvent,
  type CardFormState,
  type Checkout,
  type FieldName,
  type SvcCardForm,
  type SvcErrorEvent,
  type ThreeDsStep,
} from 'service-checkout';

declare const checkout: Checkout;

const form: SvcCardForm = checkout.mountCardForm('#card');
const asElement: HTMLElement = form;

form.addEventListener('svc-change', (event) => {
  const state: CardFormState = event.state;
  const field: FieldName = event.field;
  const brand: string | undefined = state.brand;
  console.log(field, brand, state.complete, state.fields.number.error);
  // @ts-expect-error -- a typed Event, not a CustomEvent: there is no `detail`
  console.log(event.detail);
  // @ts-expect-error -- the fields are number, expiry, cvc and holder
  console.log(state.fields.pan);
  // @ts-expect-error -- events carry flags and error codes, never a card value
  console.log(state.fields.number.value);
});

// @ts-expect-error -- an svc-change listener receives an SvcChangeEvent, not an SvcErrorEvent
form.addEventListener('svc-change', (event: SvcErrorEvent) => event.error);

form.addEventListener('svc-error', (event) => {
  console.log(event.error.code, event.error.type);
});

form.addEventListener('svc-focus', (event) => {
  // @ts-expect-error -- focus and blur name the field only
  console.log(event.state);
});

form.addEventListener('svc-3ds', (event) => {
  const step: ThreeDsStep = event.step;
  if (step === 'challenge-shown') console.log('waiting for the shopper');
  // @ts-expect-error -- the steps are collection-started/-finished/-timed-out and challenge-shown/-finished
  if (event.step === 'challenge-failed') console.log('never');
});

// The classes work with instanceof, and their `type` names the event.
asElement.addEventListener(SvcThreeDsEvent.type, (event) => {
  if (event instanceof SvcThreeDsEvent) console.log(event.step);
});
export const changeType: 'svc-change' = SvcChangeEvent.type;

// @ts-expect-error -- the state is what the frame last reported, maybe nothing yet
export const complete: boolean = form.state.complete;
