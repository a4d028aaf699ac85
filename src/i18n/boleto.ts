// The boleto's strings (elements/boleto.ts): in its chunk, since only a boleto payment shows them. The
// `messages` option does not reach them, as the Pix code's (docs/localisation.md).

import type { Locale } from './locale.ts';

export const boletoMessages = {
  'pt-BR': {
    title: 'Boleto bancário',
    due: 'Vencimento: {date}',
    amount: 'Valor: {amount}',
    barcode: 'Código de barras do boleto',
    line: 'Linha digitável',
    copy: 'Copiar linha digitável',
    copied: 'Linha digitável copiada.',
    select: 'Selecione a linha digitável e copie.',
    print: 'Imprimir boleto',
    how: 'Pague no app ou site do seu banco, em uma lotérica ou agência, até o vencimento.',
    waiting: 'Aguardando o pagamento. A confirmação pode levar até 3 dias úteis.',
    paid: 'Pagamento recebido.',
    expired: 'O boleto venceu sem pagamento.',
  },
  en: {
    title: 'Boleto',
    due: 'Due date: {date}',
    amount: 'Amount: {amount}',
    barcode: 'The boleto’s barcode',
    line: 'Digitable line',
    copy: 'Copy the digitable line',
    copied: 'Digitable line copied.',
    select: 'Select the digitable line and copy it.',
    print: 'Print the boleto',
    how: 'Pay it in your bank’s app or website, at a lottery shop or a bank branch, by the due date.',
    waiting: 'Waiting for the payment. Confirmation can take up to 3 business days.',
    paid: 'Payment received.',
    expired: 'The boleto expired unpaid.',
  },
  es: {
    title: 'Boleto bancario',
    due: 'Vencimiento: {date}',
    amount: 'Importe: {amount}',
    barcode: 'Código de barras del boleto',
    line: 'Línea digitable',
    copy: 'Copiar la línea digitable',
    copied: 'Línea digitable copiada.',
    select: 'Selecciona la línea digitable y cópiala.',
    print: 'Imprimir el boleto',
    how: 'Págalo en la app o el sitio de tu banco, en una lotérica o una agencia, hasta el vencimiento.',
    waiting: 'Esperando el pago. La confirmación puede tardar hasta 3 días hábiles.',
    paid: 'Pago recibido.',
    expired: 'El boleto venció sin pago.',
  },
} satisfies Record<Locale, Record<string, string>>;
