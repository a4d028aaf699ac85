// The single-page app's own words, in the language its card form speaks: `?locale=…` or the browser's
// languages, resolved as the checkout resolves them (pt-BR, en, es; English otherwise), and the same
// locale given to the Checkout, so the app and its form never speak two languages.

const STRINGS = {
  en: {
    cartTitle: 'Your cart',
    cartIntro:
      'A single-page app in React that imports the checkout as an ES module. Going to payment mounts the card form; going back unmounts it, and mounting it again starts fresh.',
    orderTotal: 'Order total:',
    goToPayment: 'Go to payment',
    paymentTitle: 'Payment',
    loading: 'Loading the payment form…',
    backToCart: 'Back to the cart',
    card: 'Card',
    pay: 'Pay R$ {amount},00',
    notStarted: 'The payment could not be started. Please try again.',
    thanks: 'Thank you',
    paymentStatus: 'Payment {status}',
    shopAgain: 'Shop again',
  },
  'pt-BR': {
    cartTitle: 'Seu carrinho',
    cartIntro:
      'Um app de página única em React que importa o checkout como módulo ES. Ir para o pagamento monta o formulário do cartão; voltar o desmonta, e montá-lo de novo começa do zero.',
    orderTotal: 'Total do pedido:',
    goToPayment: 'Ir para o pagamento',
    paymentTitle: 'Pagamento',
    loading: 'Carregando o formulário de pagamento…',
    backToCart: 'Voltar ao carrinho',
    card: 'Cartão',
    pay: 'Pagar R$ {amount},00',
    notStarted: 'Não foi possível iniciar o pagamento. Tente de novo.',
    thanks: 'Obrigado',
    paymentStatus: 'Pagamento {status}',
    shopAgain: 'Comprar de novo',
  },
  es: {
    cartTitle: 'Tu carrito',
    cartIntro:
      'Una app de página única en React que importa el checkout como módulo ES. Ir al pago monta el formulario de la tarjeta; volver lo desmonta, y montarlo de nuevo empieza de cero.',
    orderTotal: 'Total del pedido:',
    goToPayment: 'Ir al pago',
    paymentTitle: 'Pago',
    loading: 'Cargando el formulario de pago…',
    backToCart: 'Volver al carrito',
    card: 'Tarjeta',
    pay: 'Pagar R$ {amount},00',
    notStarted: 'No se pudo iniciar el pago. Inténtalo de nuevo.',
    thanks: 'Gracias',
    paymentStatus: 'Pago {status}',
    shopAgain: 'Comprar de nuevo',
  },
} as const;

type Locale = keyof typeof STRINGS;
export type StringKey = keyof (typeof STRINGS)['en'];

/** The first requested tag that names a supported locale, exactly or by language; else English. */
export function resolveLocale(requested: readonly string[]): Locale {
  const locales = Object.keys(STRINGS) as Locale[];
  for (const tag of requested) {
    const lower = tag.toLowerCase().replaceAll('_', '-');
    const match =
      locales.find((locale) => locale.toLowerCase() === lower) ??
      locales.find((locale) => locale.toLowerCase().split('-')[0] === lower.split('-')[0]);
    if (match !== undefined) return match;
  }
  return 'en';
}

const asked = new URLSearchParams(location.search).get('locale');
/** The app's language, which its Checkout is given too. */
export const locale: Locale = resolveLocale(asked === null ? navigator.languages : [asked]);
document.documentElement.lang = locale;

/** A word of the app in its language, `{name}`s filled from `values`. */
export function t(key: StringKey, values: Readonly<Record<string, string | number>> = {}): string {
  return STRINGS[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}
