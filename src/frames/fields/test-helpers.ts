// Test-only helpers (never imported by shipped code): mount elements and type like a shopper.

import { html, LitElement } from 'lit';
import { enFrame } from '../../i18n/en.ts';
import { format } from '../../i18n/messages.ts';
import { defineExtras } from './extras.ts';
import { defineCardFields } from './define-fields.ts';
import { SvcField } from './field.ts';

/** Creates, configures and attaches an element, and waits until it and its children rendered. */
export async function mount<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  setup?: (element: HTMLElementTagNameMap[K]) => void,
): Promise<HTMLElementTagNameMap[K]> {
  defineCardFields();
  // What the card frame loads when the merchant shows the CPF field or installments.
  defineExtras(SvcField, { LitElement, html }, format);
  const element = document.createElement(tag);
  // The frame gives every field the page's strings; English here, as the page sends by default.
  if ('strings' in element) element.strings = enFrame;
  setup?.(element);
  document.body.append(element);
  await settle(element);
  return element;
}

/**
 * Mounts a field with its input focused, as a shopper meets it, and reads what shows under the input
 * (the hint and the error).
 */
export async function mountField<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  setup?: (element: HTMLElementTagNameMap[K]) => void,
) {
  const element = await mount(tag, setup);
  const input = inputOf(element);
  input.focus();
  return {
    element,
    input,
    hint: () => describedBy(input, 'svc-hint')?.textContent,
    error: () => describedBy(input, 'svc-error')?.textContent,
  };
}

/** Waits for every Lit element in `root` (light DOM children render after their parent). */
export async function settle(root: Element): Promise<void> {
  for (let pending = true; pending;) {
    pending = false;
    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (element instanceof LitElement && !(await element.updateComplete)) pending = true;
    }
  }
}

export function inputOf(root: Element, selector = 'input'): HTMLInputElement {
  const input = root.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no ${selector}`);
  return input;
}

/** What the browser does for one edit: the new value, the caret, then an `input` event. */
export function edit(
  input: HTMLInputElement,
  value: string,
  caret = value.length,
  inputType = 'insertText',
): void {
  input.value = value;
  input.setSelectionRange(caret, caret);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType }));
}

/** Types `text` one character at a time at the caret. */
export function typeText(input: HTMLInputElement, text: string): void {
  for (const char of text) {
    const at = input.selectionStart ?? input.value.length;
    edit(input, input.value.slice(0, at) + char + input.value.slice(at), at + 1);
  }
}

/** Backspace at the caret. */
export function backspace(input: HTMLInputElement): void {
  const at = input.selectionStart ?? input.value.length;
  edit(input, input.value.slice(0, at - 1) + input.value.slice(at), at - 1, 'deleteContentBackward');
}

/** A paste as the browser fires it; the fields insert the text themselves. */
export function paste(input: HTMLInputElement, text: string): boolean {
  const clipboardData = new DataTransfer();
  clipboardData.setData('text/plain', text);
  return input.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
}

export function blur(input: HTMLInputElement): void {
  input.focus();
  input.blur();
}

/** The element `input`'s aria-describedby names with this class. */
export function describedBy(input: HTMLInputElement, className: string): HTMLElement | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((element): element is HTMLElement => element?.classList.contains(className) ?? false);
}
