// The printable boleto an engine serves at a Boleto's `printUrl`: the ficha de compensação with the
// beneficiary, the payer, the amount, the due date, the linha digitável and the barcode (Interleaved 2
// of 5, drawn here in SVG). pt-BR, as a bank prints it. No script, and its only style is a file of the
// same origin, so the CSP is the sandbox's strict one.

import { readFileSync } from 'node:fs';
import { csp, escapeHtml, htmlDocument, type Page } from '../three-ds/pages.ts';
import type { BoletoRecord, PaymentStatus } from '../records.ts';
import { groupDigitableLine } from './febraban.ts';
import { interleavedSvg } from './interleaved-2-of-5.ts';

/** The page's stylesheet, served beside it (`PRINT_STYLE_PATH`), read once. */
export const PRINT_STYLE = readFileSync(new URL('./print.css', import.meta.url), 'utf8');
export const PRINT_STYLE_PATH = '/boleto/print.css';

/** `12345678909` → `123.456.789-09`; `11222333000181` → `11.222.333/0001-81` (letters of a CNPJ too). */
export function formatDocument(document: string): string {
  return document.length === 11
    ? `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`
    : `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

function page(title: string, body: string): string {
  return htmlDocument(
    title,
    `<meta name="robots" content="noindex">\n<link rel="stylesheet" href="${PRINT_STYLE_PATH}">`,
    `<main>\n${body}\n</main>`,
    'pt-BR',
  );
}

const STATUS_TEXT: Partial<Record<PaymentStatus, string>> = { paid: 'Pago', expired: 'Vencido' };

/**
 * The boleto, and its state when it is no longer payable (paid, or past its due date). Only the
 * merchant's own pages may frame it (`frameAncestors`, the account's origins), to print it in place.
 */
export function boletoPrintPage(
  boleto: BoletoRecord,
  status: PaymentStatus,
  frameAncestors: readonly string[],
): Page {
  const [year, month, day] = boleto.dueDate.split('-');
  const due = `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
  const { payer } = boleto;
  const address = payer.address;
  const rows: [string, string][] = [
    ['Local de pagamento', 'Sandbox: boleto de teste, não pagável em banco'],
    ['Vencimento', due],
    ['Beneficiário', `${boleto.beneficiary.name} — CNPJ ${formatDocument(boleto.beneficiary.document)}`],
    ['Nosso número', boleto.barcode.slice(26)],
    ['Valor do documento', money.format(boleto.amount)],
    ['Pagador', `${payer.name} — ${payer.documentType} ${formatDocument(payer.document)}`],
    [
      'Endereço do pagador',
      `${address.street}, ${address.number}${address.complement === undefined ? '' : ` ${address.complement}`} — ${address.neighborhood} — ${address.city}/${address.state} — CEP ${address.postalCode.slice(0, 5)}-${address.postalCode.slice(5)}`,
    ],
  ];
  const state = STATUS_TEXT[status];
  const line = groupDigitableLine(boleto.digitableLine);
  return {
    status: 200,
    csp: csp({ formAction: "'none'", frameAncestors }),
    html: page(
      `Boleto ${line}`,
      `<p class="notice">Ambiente de testes (sandbox): este boleto não tem valor.</p>
${state === undefined ? '' : `<p class="status ${status}" role="status">${state}</p>`}
<div class="head"><span class="bank">${escapeHtml(boleto.barcode.slice(0, 3))}</span><span class="line" aria-label="Linha digitável">${escapeHtml(line)}</span></div>
<table>
${rows.map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${interleavedSvg(boleto.barcode, 'Código de barras do boleto')}
<p>Ficha de compensação</p>`,
    ),
  };
}

/** An unknown print id: the same answer whether the boleto never was or is another engine's. */
export function boletoNotFoundPage(): Page {
  return {
    status: 404,
    csp: csp({ formAction: "'none'", frameAncestors: ["'none'"] }),
    html: page('Boleto não encontrado', '<h1>Boleto não encontrado</h1>'),
  };
}
