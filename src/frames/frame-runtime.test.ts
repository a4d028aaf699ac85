// applyAppearance: what reaches the frame's root, and what is refused. Each test says what the browser
// accepts. What the variables then style: fields/appearance.test.ts. painted: when a frame may say
// ready (the order in a browser: e2e/first-paint.spec.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPEARANCE_VARIABLES } from '../appearance.ts';
import { PROTOCOL_VERSION } from '../messaging/protocol.ts';
import { applyAppearance, lazy, painted, refuse, startFrame } from './frame-runtime.ts';

const root = document.documentElement;

/** What the browser accepts, as CSS.supports(property, value) (happy-dom's accepts everything). */
function browserAccepts(accepts: (property: string, value: string) => boolean) {
  const supports = vi.fn(accepts);
  vi.stubGlobal('CSS', { supports });
  return supports;
}

afterEach(() => {
  vi.unstubAllGlobals();
  root.removeAttribute('style');
  root.removeAttribute('class');
});

/** The custom properties set on the root, by name. */
function rootProperties(): Record<string, string> {
  const style = root.style;
  return Object.fromEntries(
    Array.from({ length: style.length }, (_, i) => style.item(i)).map((name) => [
      name,
      style.getPropertyValue(name),
    ]),
  );
}

describe('applyAppearance', () => {
  it('sets each variable as its own custom property, checked against the property it styles', () => {
    const supports = browserAccepts(() => true);
    applyAppearance(document, {
      colorText: '#111111',
      fontWeightLabel: '600',
      borderWidth: '2px',
      inputPadding: '10px 14px',
      radius: '4px',
    });
    expect(rootProperties()).toEqual({
      '--svc-color-text': '#111111',
      '--svc-font-weight-label': '600',
      '--svc-border-width': '2px',
      '--svc-input-padding': '10px 14px',
      '--svc-radius': '4px',
    });
    expect(supports.mock.calls).toEqual([
      ['color', '#111111'],
      ['font-weight', '600'],
      ['border-width', '2px'],
      ['padding', '10px 14px'],
      ['border-radius', '4px'],
    ]);
  });

  it('names every variable --svc- and its key in kebab case', () => {
    browserAccepts(() => true);
    applyAppearance(
      document,
      Object.fromEntries(Object.keys(APPEARANCE_VARIABLES).map((key) => [key, '1px'])),
    );
    expect(Object.keys(rootProperties())).toEqual([
      '--svc-color-text',
      '--svc-color-background',
      '--svc-color-border',
      '--svc-color-focus',
      '--svc-color-error',
      '--svc-font-family',
      '--svc-font-size',
      '--svc-font-weight-label',
      '--svc-radius',
      '--svc-border-width',
      '--svc-spacing',
      '--svc-input-padding',
    ]);
  });

  it('skips a value the browser refuses for its property, anything with url( or braces, and unknown keys', () => {
    browserAccepts((property, value) => !(property === 'border-width' && value === '2'));
    applyAppearance(document, {
      borderWidth: '2',
      colorBorder: 'url(https://evil.test/x)',
      fontFamily: 'a; } body { display: none',
      colour: 'red',
      colorError: '#cf222e',
    });
    expect(rootProperties()).toEqual({ '--svc-color-error': '#cf222e' });
  });

  it('marks the root for the dark theme and for hidden labels, and for nothing else', () => {
    applyAppearance(document, { theme: 'dark', labelPosition: 'hidden' });
    expect(root.classList.contains('svc-dark')).toBe(true);
    expect(root.classList.contains('svc-hidden')).toBe(true);
    expect(rootProperties()).toEqual({});
    for (const appearance of [{}, { theme: 'light', labelPosition: 'above' }]) {
      applyAppearance(document, appearance);
      expect(root.classList.contains('svc-dark')).toBe(false);
      expect(root.classList.contains('svc-hidden')).toBe(false);
    }
  });
});

describe('refuse', () => {
  it('tells the shopper in the browser’s language, English for one it does not speak', () => {
    document.body.innerHTML = '<main id="root"><input></main>';
    const shown = (language: string) => {
      vi.stubGlobal('navigator', { language });
      refuse(document);
      return [document.getElementById('root')?.textContent, document.documentElement.lang];
    };
    expect(shown('pt-BR')).toEqual(['Este formulário de pagamento não pode ser exibido neste site.', 'pt']);
    expect(shown('es-419')).toEqual(['Este formulario de pago no se puede mostrar en este sitio.', 'es']);
    expect(shown('EN-gb')).toEqual(['This payment form cannot be shown on this website.', 'en']);
    expect(shown('fr-FR')).toEqual(['This payment form cannot be shown on this website.', 'en']);
    // A name of Object.prototype's is no language of the table's.
    expect(shown('__proto__')[1]).toBe('en');
    expect(document.querySelector('input')).toBeNull();
  });
});

describe('startFrame', () => {
  const parentOrigin = 'https://shop.example';
  const nonce = 'a'.repeat(32);
  /** The frame's window under an allowed parent, with the messages the test sends it. */
  function frameWindow() {
    document.head.innerHTML = `<meta name="svc-allowed-origins" content="${parentOrigin}">`;
    document.body.innerHTML = '<main id="root"><p>skeleton</p></main>';
    const listeners = new Set<(event: MessageEvent) => void>();
    const parent = { postMessage: vi.fn() };
    const win = {
      parent,
      document,
      location: {
        hash: `#n=${nonce}&o=${encodeURIComponent(parentOrigin)}`,
        pathname: '/frames/card.html',
        search: '',
        ancestorOrigins: { length: 1, item: () => parentOrigin },
      },
      history: { replaceState: vi.fn() },
      addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    } as unknown as Window;
    const connect = (port: MessagePort) => {
      const data = { v: PROTOCOL_VERSION, type: 'svc:connect', nonce };
      for (const listener of [...listeners])
        listener({ data, origin: parentOrigin, source: parent, ports: [port] } as unknown as MessageEvent);
    };
    return { win, connect };
  }
  const root = () => document.getElementById('root')?.textContent;
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the shopper when no page connects in time, and still takes a page that connects later', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { language: 'en-US' });
    const { win, connect } = frameWindow();
    const started = startFrame(win, 1000);
    vi.advanceTimersByTime(999);
    expect(root()).toBe('skeleton');
    vi.advanceTimersByTime(1);
    expect(root()).toBe('This payment form cannot be shown on this website.');
    // A form from the page's HTML, mounted after the wait: the frame is still there for it.
    const { port1 } = new MessageChannel();
    connect(port1);
    expect(await started).toBe(port1);
    port1.close();
  });

  it('shows nothing but its skeleton to a page that connects in time', async () => {
    vi.useFakeTimers();
    const { win, connect } = frameWindow();
    const started = startFrame(win, 1000);
    const { port1 } = new MessageChannel();
    connect(port1);
    expect(await started).toBe(port1);
    vi.advanceTimersByTime(5000);
    expect(root()).toBe('skeleton');
    port1.close();
  });
});

describe('painted', () => {
  /** A window whose browser reports paints (or not), with the observer it was given. */
  function frameWindow(
    reportsPaints: boolean,
    visibilityState: DocumentVisibilityState = 'visible',
    paints: readonly PerformanceEntry[] = [],
  ) {
    const observed: { callback?: () => void; options?: PerformanceObserverInit } = {};
    class Observer {
      static readonly supportedEntryTypes = reportsPaints ? ['mark', 'paint'] : ['mark'];
      constructor(callback: () => void) {
        observed.callback = callback;
      }
      observe(options: PerformanceObserverInit) {
        observed.options = options;
      }
    }
    const win = {
      PerformanceObserver: Observer,
      document: { visibilityState },
      performance: { getEntriesByType: (type: string) => (type === 'paint' ? paints : []) },
      setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    } as unknown as typeof window;
    return { win, observed };
  }
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first paint when the document has not painted yet', async () => {
    vi.useFakeTimers();
    const { win, observed } = frameWindow(true);
    const promise = painted(win);
    expect(observed.options).toEqual({ type: 'paint' });
    expect(await settled(promise)).toBe(false);
    observed.callback?.();
    expect(await settled(promise)).toBe(true);
  });

  it('does not wait for the observer when the document has painted already', async () => {
    vi.useFakeTimers();
    const firstPaint = { name: 'first-paint', entryType: 'paint', startTime: 12 } as PerformanceEntry;
    const { win, observed } = frameWindow(true, 'visible', [firstPaint]);
    expect(await settled(painted(win))).toBe(true);
    expect(observed.options).toBeUndefined();
  });

  it('gives up waiting after `wait` ms: a frame the browser does not render yet', async () => {
    vi.useFakeTimers();
    const { win } = frameWindow(true);
    const promise = painted(win, 500);
    vi.advanceTimersByTime(499);
    expect(await settled(promise)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(promise)).toBe(true);
  });

  it('does not wait where no paint will be reported: a hidden page, a browser without paint timing', async () => {
    vi.useFakeTimers();
    for (const { win, observed } of [frameWindow(true, 'hidden'), frameWindow(false)]) {
      expect(await settled(painted(win))).toBe(true);
      expect(observed.options).toBeUndefined();
    }
  });
});

describe('lazy', () => {
  it('loads a chunk once: every later call gets the same promise, settled without another import', async () => {
    const load = vi.fn((url: string) => Promise.resolve({ url }));
    const chunk = lazy('/frames/1.0.0/assets/card-later.js', load);
    const first = chunk();
    expect(chunk()).toBe(first);
    expect(await first).toEqual({ url: '/frames/1.0.0/assets/card-later.js' });
    expect(chunk()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a failed load, asks for another URL (a browser keeps the failure for the first)', async () => {
    const load = vi.fn((url: string) =>
      url.endsWith('?retry=1') ? Promise.resolve({ url }) : Promise.reject(new TypeError('failed to fetch')),
    );
    const chunk = lazy('/frames/1.0.0/assets/card-extras.js', load);
    await expect(chunk()).rejects.toThrow('failed to fetch');
    expect(await chunk()).toEqual({ url: '/frames/1.0.0/assets/card-extras.js?retry=1' });
    expect(chunk()).toBe(chunk());
    expect(load.mock.calls.map(([url]) => url)).toEqual([
      '/frames/1.0.0/assets/card-extras.js',
      '/frames/1.0.0/assets/card-extras.js?retry=1',
    ]);
  });
});
