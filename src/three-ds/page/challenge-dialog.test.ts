import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SvcChallengeDialog } from './challenge-dialog.ts';

beforeAll(() => {
  if (customElements.get('svc-challenge-dialog') === undefined)
    customElements.define('svc-challenge-dialog', SvcChallengeDialog);
});
afterEach(() => {
  document.body.replaceChildren();
});

const options = {
  src: 'http://localhost:4174/frames/3ds.html',
  label: 'Card verification',
  closeLabel: 'Cancel verification',
  windowSize: '03',
};

async function open(windowSize: unknown = '03') {
  const button = document.createElement('button');
  document.body.append(button);
  button.focus();
  const dialog = new SvcChallengeDialog();
  document.body.append(dialog);
  const frame = await dialog.show({ ...options, windowSize });
  return { dialog, frame, button };
}

describe('<svc-challenge-dialog>', () => {
  it('opens modally with the 3DS frame, named, allowed payment and passkeys', async () => {
    const { dialog, frame } = await open();
    const native = dialog.shadowRoot?.querySelector('dialog');
    expect(native?.open).toBe(true);
    expect(native?.getAttribute('aria-label')).toBe('Card verification');
    expect(frame.getAttribute('src')).toBe(options.src);
    expect(frame.getAttribute('title')).toBe('Card verification');
    expect(frame.getAttribute('allow')).toBe(
      'payment; publickey-credentials-get; publickey-credentials-create',
    );
  });

  it('takes the issuer’s window size, 02 for an invalid one', async () => {
    expect((await open('03')).dialog.box).toMatchObject({ size: '03', width: 500, height: 600 });
    expect((await open('99')).dialog.box).toMatchObject({ size: '02', width: 390, height: 400 });
    const { dialog } = await open('01');
    expect(dialog.style.getPropertyValue('--svc-challenge-width')).toBe('250px');
    expect(dialog.style.getPropertyValue('--svc-challenge-height')).toBe('400px');
  });

  it('cancels with the close button, reports it and gives focus back', async () => {
    const { dialog, button } = await open();
    let cancelled = 0;
    dialog.addEventListener('svc-challenge-cancel', () => (cancelled += 1));
    dialog.shadowRoot?.querySelector<HTMLButtonElement>('button[part="close"]')?.click();
    expect(cancelled).toBe(1);
    expect(dialog.isOpen).toBe(false);
    expect(dialog.frame).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('cancels on Escape (the dialog’s cancel event)', async () => {
    const { dialog } = await open();
    let cancelled = 0;
    dialog.addEventListener('svc-challenge-cancel', () => (cancelled += 1));
    dialog.shadowRoot?.querySelector('dialog')?.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(cancelled).toBe(1);
    expect(dialog.isOpen).toBe(false);
  });

  it('close() ends it without reporting a cancel', async () => {
    const { dialog } = await open();
    let cancelled = 0;
    dialog.addEventListener('svc-challenge-cancel', () => (cancelled += 1));
    dialog.close();
    expect(cancelled).toBe(0);
    expect(dialog.isOpen).toBe(false);
  });
});
