// The card form's lock while a submit runs (in the card frame's later chunk, with the submit).

/**
 * Locks the form's controls and returns what unlocks them: its text inputs read-only, its select and
 * checkbox disabled. Read-only rather than disabled: the focus stays in the field the shopper pressed
 * Enter in (a disabled input loses it), and no field renders again (disabling them all renders every
 * field: 11 to 15 ms of the frame's submit in the bench). A paid form is disabled as a whole
 * (`disabled`, by the page).
 */
export function lockForm(form: ParentNode, on = true): () => unknown {
  for (const control of form.querySelectorAll<HTMLInputElement>('input,select'))
    if (control.type === 'text') control.readOnly = on;
    else control.disabled = on;
  return () => lockForm(form, false);
}
