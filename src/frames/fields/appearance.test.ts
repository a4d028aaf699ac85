// The merchant's appearance as the shopper meets it: the frame's stylesheets (fields.css and
// card-frame.css) on the rendered fields, with applyAppearance setting the root. happy-dom computes the
// cascade and var() (not margins, outlines or layout: frame-edges.node.test.ts reads those rules, and
// e2e/layout.spec.ts measures the edges).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { APPEARANCE_VARIABLES } from '../../appearance.ts';
import { enFrame } from '../../i18n/en.ts';
import { applyAppearance } from '../frame-runtime.ts';
import { inputOf, mount } from './test-helpers.ts';

const root = document.documentElement;

beforeAll(() => {
  // In card.html's order.
  for (const sheet of ['fields.css', '../card/card-frame.css']) {
    const style = document.createElement('style');
    style.textContent = readFileSync(join(import.meta.dirname, sheet), 'utf8');
    document.head.append(style);
  }
});

afterEach(() => {
  document.body.replaceChildren();
  root.removeAttribute('style');
  root.removeAttribute('class');
});

/** The card form as the frame shows it after configure: the appearance first, then the fields. */
async function fieldsWith(appearance: Record<string, string>) {
  applyAppearance(document, appearance);
  const element = await mount('svc-card-fields', (e) => {
    e.showSaveCard = true;
  });
  const number = inputOf(element, 'svc-card-number input');
  return {
    element,
    number,
    label: number.labels?.[0],
    style: (target: Element | null | undefined) => {
      if (!target) throw new Error('no element');
      return getComputedStyle(target);
    },
  };
}

describe('appearance variables in the frame', () => {
  // What each variable styles, read where the shopper sees it. A variable fields.css does not honour
  // fails here; one added without a line here fails the typecheck.
  const effects: Record<
    keyof typeof APPEARANCE_VARIABLES,
    [value: string, read: (f: Awaited<ReturnType<typeof fieldsWith>>) => string]
  > = {
    colorText: ['#123456', (f) => f.style(f.number).color],
    colorBackground: ['#fafafa', (f) => f.style(f.number).backgroundColor],
    colorBorder: ['#654321', (f) => f.style(f.number).borderTopColor],
    colorFocus: ['#8250df', (f) => f.style(f.element.querySelector('.svc-checkbox')).accentColor],
    colorError: ['#990000', (f) => f.style(f.element.querySelector('.svc-error')).color],
    fontFamily: ['Georgia, serif', (f) => f.style(f.label).fontFamily],
    fontSize: ['18px', (f) => f.style(f.label).fontSize],
    fontWeightLabel: ['700', (f) => f.style(f.label).fontWeight],
    radius: ['3px', (f) => f.style(f.number).borderTopLeftRadius],
    borderWidth: ['2px', (f) => f.style(f.number).borderTopWidth],
    // Also the gap between the fields: happy-dom computes no gap.
    spacing: ['20px', (f) => f.style(f.number).paddingLeft],
    inputPadding: ['10px 14px', (f) => `${f.style(f.number).paddingTop} ${f.style(f.number).paddingLeft}`],
  };

  it.each(Object.entries(effects))('%s styles the fields', async (key, [value, read]) => {
    const before = read(await fieldsWith({}));
    document.body.replaceChildren();
    const after = read(await fieldsWith({ [key]: value }));
    expect(after).not.toBe(before);
    expect(after.replaceAll(/\s/g, '')).toBe(value.replaceAll(/\s/g, ''));
  });

  it('keeps the defaults when a value is not CSS', async () => {
    const f = await fieldsWith({ colorBorder: 'url(https://evil.test/x)', borderWidth: '1px; color: red' });
    expect(f.style(f.number).borderTopColor).toBe('#6e7781');
    expect(f.style(f.number).borderTopWidth).toBe('1px');
  });
});

describe('the dark theme', () => {
  it('sets its colours as the defaults', async () => {
    const f = await fieldsWith({ theme: 'dark' });
    expect(f.style(f.number).backgroundColor).toBe('#111');
    expect(f.style(f.number).color).toBe('#eee');
    expect(f.style(f.label).color).toBe('#eee');
    expect(f.style(f.element.querySelector('.svc-error')).color).toBe('#f77');
    expect(f.style(f.element.querySelector('.svc-checkbox')).accentColor).toBe('#59f');
  });

  it('gives way to the merchant’s own colours', async () => {
    const f = await fieldsWith({ theme: 'dark', colorBackground: '#1e1e1e', colorFocus: '#ffb000' });
    expect(f.style(f.number).backgroundColor).toBe('#1e1e1e');
    expect(f.style(f.element.querySelector('.svc-checkbox')).accentColor).toBe('#ffb000');
    expect(f.style(f.number).color).toBe('#eee');
  });

  it('is not on by default, nor with theme light', async () => {
    for (const appearance of [{}, { theme: 'light' }]) {
      const f = await fieldsWith(appearance);
      expect(f.style(f.number).backgroundColor).toBe('#ffffff');
      expect(f.style(f.number).color).toBe('#1f2328');
      document.body.replaceChildren();
    }
  });
});

describe('labelPosition', () => {
  const inputs = (element: Element) => [...element.querySelectorAll('input.svc-input')] as HTMLInputElement[];

  it('hidden: every label is out of sight but still the input’s name, and shows as its placeholder', async () => {
    const f = await fieldsWith({ labelPosition: 'hidden' });
    const names = [enFrame.cardNumberLabel, enFrame.expiryLabel, enFrame.cvcLabel, enFrame.holderLabel];
    expect(inputs(f.element).map((input) => input.labels?.[0]?.textContent)).toEqual(names);
    for (const input of inputs(f.element)) {
      const label = input.labels?.[0];
      const style = f.style(label);
      expect(style.display).not.toBe('none');
      expect(style.visibility).not.toBe('hidden');
      expect(label?.hidden).toBe(false);
      expect(label?.getAttribute('aria-hidden')).toBeNull();
      expect(style.position).toBe('absolute');
      expect(style.clipPath).toBe('inset(50%)');
    }
    // The expiry keeps its format as its placeholder.
    expect(inputs(f.element).map((input) => input.placeholder)).toEqual([
      enFrame.cardNumberLabel,
      enFrame.expiryPlaceholder,
      enFrame.cvcLabel,
      enFrame.holderLabel,
    ]);
  });

  it('above (the default): labels show, and only the expiry has a placeholder', async () => {
    for (const appearance of [{}, { labelPosition: 'above' }]) {
      const f = await fieldsWith(appearance);
      expect(f.style(f.label).position).not.toBe('absolute');
      expect(inputs(f.element).map((input) => input.placeholder)).toEqual([
        '',
        enFrame.expiryPlaceholder,
        '',
        '',
      ]);
      document.body.replaceChildren();
    }
  });
});
