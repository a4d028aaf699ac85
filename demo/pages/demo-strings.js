// The demo pages' own words in the checkout's three languages, and which one a page speaks: the card
// form's. A page asks for `?locale=…` or follows the browser's languages, resolved as the Checkout
// resolves them (docs/checkout-script.md#languages), and passes that locale to its Checkout; once one
// exists, `checkout.locale` is the page's language.
//
// The HTML is written in English: an element marked `data-i18n="key"` (its text) or
// `data-i18n-html="key"` (its markup, from this file only) takes the key's Portuguese or Spanish here,
// and its own English back. The pages' scripts say their status lines with t().

export const LOCALES = ['pt-BR', 'en', 'es'];

/** The first of `requested` (a tag or a list) that names a supported locale, exactly or by language; else English. */
export function resolveLocale(requested) {
  const tags = typeof requested === 'string' ? [requested] : [...(requested ?? [])];
  for (const tag of tags) {
    let canonical;
    try {
      canonical = Intl.getCanonicalLocales(
        String(tag)
          .replace(/[.@].*$/, '')
          .replaceAll('_', '-'),
      )[0];
    } catch {
      continue;
    }
    const lower = canonical?.toLowerCase() ?? '';
    const match =
      LOCALES.find((locale) => locale.toLowerCase() === lower) ??
      LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === lower.split('-')[0]);
    if (match !== undefined) return match;
  }
  return 'en';
}

let current = resolveLocale(new URLSearchParams(location.search).get('locale') ?? navigator.languages);

/** The page's language: the one to give the Checkout, until its `locale` says otherwise. */
export function pageLocale() {
  return current;
}

// Words the pages' scripts show, by key: `{name}` is filled from t()'s values.
const MESSAGES = {
  en: {
    processing: 'Processing…',
    paying: 'Paying…',
    developerDetails: 'Details for the developer',
    notPaid: 'Not paid. Check the details and try again.',
    cancelled: 'The payment was cancelled. Nothing was charged.',
    declined: 'The card was declined. Try another card.',
    authFailed: 'Your bank did not confirm the payment. Try again or use another card.',
    challengeClosed: 'The bank verification was closed. Pay again when you are ready.',
    invalidCard: 'Check the card details and try again.',
    unavailable: 'The payment service could not be reached. Try again in a moment.',
    sessionExpired: 'This payment page expired. Pay again: the form keeps what you typed.',
    alreadyPaid: 'This order is already paid.',
    notStarted: 'The payment form could not start. Reload the page to try again.',
    scriptBlocked:
      'The payment form could not load: the checkout script was blocked or not found (see the console).',
    walletsBlocked:
      'The wallets could not load: the checkout script was blocked or not found (see the console).',
    walletSetupFailed: 'This wallet cannot be used here.',
    walletCancelled: 'The wallet was closed before paying. Nothing was charged.',
    payerInvalid: 'Check the payer’s details and try again.',
    sandboxConnected: 'Sandbox connected: account "{account}" ({environment}).',
    sandboxDown: 'The sandbox is not reachable: start it with npm run demo.',
    backendDown: 'The merchant backend is not reachable.',
    cardNumber: 'Card number {number}',
    'payment.authorized': 'Payment authorized',
    'payment.declined': 'Payment declined',
    'payment.pending': 'Payment pending',
    payment: 'Payment {status}',
    'status.authorized': 'authorized',
    'status.paid': 'paid',
    endingIn: '{brand} ending in {last4}',
    tokenized: 'Card tokenized ({card}).{authenticated} Paying…',
    tokenizedFunding: 'Card tokenized ({card}, {funding}). Paying…',
    'funding.credit': 'credit',
    'funding.debit': 'debit',
    threeDs: ' 3DS {status}, ECI {eci}, liability shift {shift}.',
    'threeDs.none': 'none',
    'threeDs.spc': ' Confirmed with a passkey at the bank, no code.',
    paidCard: 'Paid: {status}, {card}.',
    paidPix: 'Paid with Pix.',
    pixExpired: 'The Pix expired. Pay again to get a new code.',
    notConfirmed: 'We could not confirm the payment yet. Check your orders before paying again.',
    creatingPix: 'Creating the Pix…',
    'progress.tokenizing': 'Checking the card…',
    'progress.paying': 'Paying…',
    'progress.pending': 'Waiting for the payment to be confirmed…',
    'progress.checking': 'Checking the payment…',
    issuingBoleto: 'Issuing the boleto…',
    boletoIssued: 'Boleto issued: pay it by its due date.',
    paidBoleto: 'Paid by boleto.',
    boletoExpired: 'The boleto expired unpaid. Pay again to get a new one.',
    pixThanks: 'Paid with Pix. Thank you!',
    pixNotCreated: 'The Pix could not be created. Reload the page to try again.',
    pixExpiredAsk: 'The Pix expired. Ask for a new one.',
    payingWith: 'Paying with {wallet}…',
    paidWallet: 'Paid: {paymentId}',
    'threeDsStep.collection-started': 'Checking this browser with the card issuer…',
    'threeDsStep.collection-finished': 'Browser check done.',
    'threeDsStep.collection-timed-out': 'Browser check skipped (no answer in 10 s).',
    'threeDsStep.challenge-shown': 'Your bank is asking you to confirm the payment.',
    'threeDsStep.challenge-finished': 'Bank verification closed.',
    'passkey.enrolled': 'Passkey saved: next time, pay with it instead of the security code.',
    'passkey.declined': 'No passkey for this card.',
    'passkey.cancelled': 'The passkey was not saved.',
    'passkey.failed': 'The passkey could not be saved.',
    useNewCard: 'Use a new card',
    'scenario.frictionless_success': 'Frictionless, authenticated (Y)',
    'scenario.frictionless_failure': 'Frictionless, not authenticated (N)',
    'scenario.attempted': 'Attempted (A)',
    'scenario.unavailable': 'Authentication unavailable (U)',
    'scenario.rejected': 'Rejected by the issuer (R)',
    'scenario.system_error': 'Enrollment check failed (VERes U)',
    'scenario.challenge_success': 'Challenge, shopper passes (C → Y)',
    'scenario.challenge_failure': 'Challenge, shopper fails (C → N)',
  },
  'pt-BR': {
    processing: 'Processando…',
    paying: 'Pagando…',
    developerDetails: 'Detalhes para o desenvolvedor',
    notPaid: 'Não pago. Veja os detalhes e tente de novo.',
    cancelled: 'O pagamento foi cancelado. Nada foi cobrado.',
    declined: 'O cartão foi recusado. Tente outro cartão.',
    authFailed: 'Seu banco não confirmou o pagamento. Tente de novo ou use outro cartão.',
    challengeClosed: 'A verificação do banco foi fechada. Pague de novo quando quiser.',
    invalidCard: 'Confira os dados do cartão e tente de novo.',
    unavailable: 'Não foi possível falar com o serviço de pagamento. Tente de novo em instantes.',
    sessionExpired:
      'Esta página de pagamento expirou. Pague de novo: o formulário guardou o que você digitou.',
    alreadyPaid: 'Este pedido já está pago.',
    notStarted: 'O formulário de pagamento não pôde começar. Recarregue a página para tentar de novo.',
    scriptBlocked:
      'O formulário de pagamento não carregou: o script do checkout foi bloqueado ou não encontrado (veja o console).',
    walletsBlocked:
      'As carteiras não carregaram: o script do checkout foi bloqueado ou não encontrado (veja o console).',
    walletSetupFailed: 'Esta carteira não pode ser usada aqui.',
    walletCancelled: 'A carteira foi fechada antes do pagamento. Nada foi cobrado.',
    payerInvalid: 'Confira os dados do pagador e tente de novo.',
    sandboxConnected: 'Sandbox conectado: conta "{account}" ({environment}).',
    sandboxDown: 'O sandbox não responde: inicie-o com npm run demo.',
    backendDown: 'O backend da loja não responde.',
    cardNumber: 'Número do cartão {number}',
    'payment.authorized': 'Pagamento autorizado',
    'payment.declined': 'Pagamento recusado',
    'payment.pending': 'Pagamento pendente',
    payment: 'Pagamento {status}',
    'status.authorized': 'autorizado',
    'status.paid': 'pago',
    endingIn: '{brand} com final {last4}',
    tokenized: 'Cartão tokenizado ({card}).{authenticated} Pagando…',
    tokenizedFunding: 'Cartão tokenizado ({card}, {funding}). Pagando…',
    'funding.credit': 'crédito',
    'funding.debit': 'débito',
    threeDs: ' 3DS {status}, ECI {eci}, transferência de responsabilidade {shift}.',
    'threeDs.none': 'nenhum',
    'threeDs.spc': ' Confirmado com a chave de acesso do banco, sem código.',
    paidCard: 'Pago: {status}, {card}.',
    paidPix: 'Pago com Pix.',
    pixExpired: 'O Pix expirou. Pague de novo para receber um novo código.',
    notConfirmed: 'Ainda não conseguimos confirmar o pagamento. Confira seus pedidos antes de pagar de novo.',
    creatingPix: 'Criando o Pix…',
    'progress.tokenizing': 'Conferindo o cartão…',
    'progress.paying': 'Pagando…',
    'progress.pending': 'Aguardando a confirmação do pagamento…',
    'progress.checking': 'Conferindo o pagamento…',
    issuingBoleto: 'Emitindo o boleto…',
    boletoIssued: 'Boleto emitido: pague até o vencimento.',
    paidBoleto: 'Pago com boleto.',
    boletoExpired: 'O boleto venceu sem pagamento. Pague de novo para receber outro.',
    pixThanks: 'Pago com Pix. Obrigado!',
    pixNotCreated: 'Não foi possível criar o Pix. Recarregue a página para tentar de novo.',
    pixExpiredAsk: 'O Pix expirou. Peça um novo.',
    payingWith: 'Pagando com {wallet}…',
    paidWallet: 'Pago: {paymentId}',
    'threeDsStep.collection-started': 'Verificando este navegador com o emissor do cartão…',
    'threeDsStep.collection-finished': 'Verificação do navegador concluída.',
    'threeDsStep.collection-timed-out': 'Verificação do navegador pulada (sem resposta em 10 s).',
    'threeDsStep.challenge-shown': 'Seu banco está pedindo que você confirme o pagamento.',
    'threeDsStep.challenge-finished': 'Verificação do banco fechada.',
    'passkey.enrolled': 'Passkey salva: da próxima vez, pague com ela em vez do código de segurança.',
    'passkey.declined': 'Nenhuma passkey para este cartão.',
    'passkey.cancelled': 'A passkey não foi salva.',
    'passkey.failed': 'Não foi possível salvar a passkey.',
    useNewCard: 'Usar um novo cartão',
    'scenario.frictionless_success': 'Sem desafio, autenticado (Y)',
    'scenario.frictionless_failure': 'Sem desafio, não autenticado (N)',
    'scenario.attempted': 'Tentativa (A)',
    'scenario.unavailable': 'Autenticação indisponível (U)',
    'scenario.rejected': 'Recusado pelo emissor (R)',
    'scenario.system_error': 'Falha na consulta de inscrição (VERes U)',
    'scenario.challenge_success': 'Desafio, o comprador passa (C → Y)',
    'scenario.challenge_failure': 'Desafio, o comprador falha (C → N)',
  },
  es: {
    processing: 'Procesando…',
    paying: 'Pagando…',
    developerDetails: 'Detalles para el desarrollador',
    notPaid: 'No pagado. Revisa los detalles e inténtalo de nuevo.',
    cancelled: 'El pago se canceló. No se cobró nada.',
    declined: 'La tarjeta fue rechazada. Prueba con otra tarjeta.',
    authFailed: 'Tu banco no confirmó el pago. Inténtalo de nuevo o usa otra tarjeta.',
    challengeClosed: 'Se cerró la verificación del banco. Paga de nuevo cuando quieras.',
    invalidCard: 'Revisa los datos de la tarjeta e inténtalo de nuevo.',
    unavailable: 'No se pudo contactar el servicio de pago. Inténtalo de nuevo en un momento.',
    sessionExpired: 'Esta página de pago caducó. Paga de nuevo: el formulario conserva lo que escribiste.',
    alreadyPaid: 'Este pedido ya está pagado.',
    notStarted: 'El formulario de pago no pudo iniciarse. Recarga la página para intentarlo de nuevo.',
    scriptBlocked:
      'El formulario de pago no cargó: el script del checkout fue bloqueado o no se encontró (mira la consola).',
    walletsBlocked:
      'Las billeteras no cargaron: el script del checkout fue bloqueado o no se encontró (mira la consola).',
    walletSetupFailed: 'Esta billetera no se puede usar aquí.',
    walletCancelled: 'La billetera se cerró antes de pagar. No se cobró nada.',
    payerInvalid: 'Revisa los datos del pagador e inténtalo de nuevo.',
    sandboxConnected: 'Sandbox conectado: cuenta "{account}" ({environment}).',
    sandboxDown: 'El sandbox no responde: inícialo con npm run demo.',
    backendDown: 'El backend de la tienda no responde.',
    cardNumber: 'Número de tarjeta {number}',
    'payment.authorized': 'Pago autorizado',
    'payment.declined': 'Pago rechazado',
    'payment.pending': 'Pago pendiente',
    payment: 'Pago {status}',
    'status.authorized': 'autorizado',
    'status.paid': 'pagado',
    endingIn: '{brand} terminada en {last4}',
    tokenized: 'Tarjeta tokenizada ({card}).{authenticated} Pagando…',
    tokenizedFunding: 'Tarjeta tokenizada ({card}, {funding}). Pagando…',
    'funding.credit': 'crédito',
    'funding.debit': 'débito',
    threeDs: ' 3DS {status}, ECI {eci}, traspaso de responsabilidad {shift}.',
    'threeDs.none': 'ninguno',
    'threeDs.spc': ' Confirmado con la llave de acceso del banco, sin código.',
    paidCard: 'Pagado: {status}, {card}.',
    paidPix: 'Pagado con Pix.',
    pixExpired: 'El Pix caducó. Paga de nuevo para recibir un código nuevo.',
    notConfirmed: 'Aún no pudimos confirmar el pago. Revisa tus pedidos antes de pagar de nuevo.',
    creatingPix: 'Creando el Pix…',
    'progress.tokenizing': 'Revisando la tarjeta…',
    'progress.paying': 'Pagando…',
    'progress.pending': 'Esperando la confirmación del pago…',
    'progress.checking': 'Revisando el pago…',
    issuingBoleto: 'Emitiendo el boleto…',
    boletoIssued: 'Boleto emitido: págalo antes del vencimiento.',
    paidBoleto: 'Pagado con boleto.',
    boletoExpired: 'El boleto venció sin pagarse. Paga de nuevo para recibir otro.',
    pixThanks: 'Pagado con Pix. ¡Gracias!',
    pixNotCreated: 'No se pudo crear el Pix. Recarga la página para intentarlo de nuevo.',
    pixExpiredAsk: 'El Pix caducó. Pide uno nuevo.',
    payingWith: 'Pagando con {wallet}…',
    paidWallet: 'Pagado: {paymentId}',
    'threeDsStep.collection-started': 'Comprobando este navegador con el emisor de la tarjeta…',
    'threeDsStep.collection-finished': 'Comprobación del navegador terminada.',
    'threeDsStep.collection-timed-out': 'Comprobación del navegador omitida (sin respuesta en 10 s).',
    'threeDsStep.challenge-shown': 'Tu banco te pide que confirmes el pago.',
    'threeDsStep.challenge-finished': 'Verificación del banco cerrada.',
    'passkey.enrolled': 'Passkey guardada: la próxima vez, paga con ella en lugar del código de seguridad.',
    'passkey.declined': 'Ninguna passkey para esta tarjeta.',
    'passkey.cancelled': 'La passkey no se guardó.',
    'passkey.failed': 'No se pudo guardar la passkey.',
    useNewCard: 'Usar una tarjeta nueva',
    'scenario.frictionless_success': 'Sin desafío, autenticado (Y)',
    'scenario.frictionless_failure': 'Sin desafío, no autenticado (N)',
    'scenario.attempted': 'Intento (A)',
    'scenario.unavailable': 'Autenticación no disponible (U)',
    'scenario.rejected': 'Rechazado por el emisor (R)',
    'scenario.system_error': 'Falló la consulta de inscripción (VERes U)',
    'scenario.challenge_success': 'Desafío, el comprador lo supera (C → Y)',
    'scenario.challenge_failure': 'Desafío, el comprador falla (C → N)',
  },
};

// The pages' chrome in Portuguese and Spanish, by key; English is the HTML itself.
const CHROME = {
  'pt-BR': {
    brand: 'Loja demo',
    language: 'Idioma',
    card: 'Cartão',
    orderTotal: 'Total do pedido:',
    pay: 'Pagar {amount}',
    outcome: 'Resultado',
    record: 'Registro do pagamento',
    scenariosHeading: 'Cenários de teste do 3DS',
    scenario: 'Cenário',
    scenariosText:
      'O emissor do sandbox responde pelo número do cartão. Escolha um cenário para ver o cartão a digitar: validade <strong id="scenario-expiry">01</strong>, qualquer código de segurança. Um desafio pede o código <strong>1234</strong>.',
    // Landing page.
    landingTitle: 'Demo do checkout',
    landingIntro:
      'Páginas de loja para cada forma de integrar o script do checkout, com um pequeno backend de loja que guarda o app token e o sandbox do serviço nesta máquina.',
    checkingSandbox: 'Verificando o sandbox…',
    modesHeading: 'Modos de integração',
    modesCaption: 'Os modos de integração do serviço para integradores diretos',
    colMode: 'Modo',
    colTokenizes: 'Quem tokeniza',
    colInit: 'Quem chama Payment/Init',
    colPage: 'Página da demo',
    yourFrontend: 'o seu formulário no frontend',
    yourBackend: 'o seu backend',
    clientScript: 'script do cliente (frontend)',
    yourJs: 'o JS do seu frontend chama Token/Generate',
    linkManual: 'O seu formulário com tokenizeCard() (SAQ A-EP)',
    linkCard: 'Pagamento com cartão no formulário seguro',
    linkEverything: 'O script paga e acompanha o pagamento (pay())',
    linkOwnFetch: 'O seu formulário e a sua chamada a Token/Generate (SAQ A-EP)',
    otherPages: 'Outras páginas',
    merchantBackend: 'Backend da loja',
    // Card pages.
    cardTitle: 'Pagar com cartão',
    cardIntro:
      'Modo: <strong>3DS usando o script do cliente para tokenização</strong>. Os campos do cartão abaixo ficam num frame servido pelo token host; esta página nunca vê o número do cartão. O backend da loja paga com o token.',
    askDocument: 'Pedir o CPF ou CNPJ do comprador',
    savedCards: 'Cartões salvos',
    everythingTitle: 'Pagar com cartão, pago pelo script',
    everythingIntro:
      'Modo: <strong>3DS usando o script do cliente para tudo</strong>. O backend da loja só cria a sessão, com o pedido; o script tokeniza, faz o 3DS, chama Payment/Init desta página e acompanha o pagamento até o fim. O valor vem da sessão: esta página não pode mudá-lo.',
    payPix: 'Pagar {amount} com Pix',
    everythingScenariosText:
      'O emissor do sandbox responde pelo número do cartão. Escolha um cenário para ver o cartão a digitar: validade <strong id="scenario-expiry">01</strong>, qualquer código de segurança. Um desafio pede o código <strong>1234</strong>. O cartão 4000 0000 0000 0002 é recusado.',
    plainTitle: 'Página de checkout simples',
    plainIntro:
      'A menor integração: uma tag de script fixada com Subresource Integrity, sob uma política que só permite scripts e estilos desta origem.',
    payPlain: 'Pagar',
    debitTitle: 'Pagar no crédito ou no débito, parcelado',
    debitIntro:
      'Modo: <strong>3DS usando o script do cliente para tokenização</strong>. A loja financia este pedido: até 3 parcelas sem juros, depois 1,99% ao mês até 12. O serviço calcula cada plano; o formulário mostra, para cada um com juros, o total, as taxas e o CET. Um cartão combo (crédito e débito) pergunta como pagar; o débito paga de uma vez, após o 3DS.',
    testCards: 'Cartões de teste',
    testCardsText: 'Qualquer validade futura, qualquer código de segurança.',
    boletoTitle: 'Pagar com boleto',
    boletoIntro:
      'Modo: <strong>script do cliente para tudo</strong>. O backend da loja cria a sessão com o pedido; o script confere o pagador, pede ao serviço um boleto registrado e o mostra aqui, e o acompanha até ser pago ou vencer. No sandbox, os botões sob o boleto fazem o papel do banco do comprador.',
    payer: 'Pagador, como o banco registra o boleto',
    name: 'Nome',
    cpfCnpj: 'CPF ou CNPJ',
    street: 'Rua',
    number: 'Número',
    district: 'Bairro',
    city: 'Cidade',
    state: 'Estado (UF)',
    payBoleto: 'Pagar {amount} com boleto',
    bankPays: 'Sandbox: o comprador paga no banco',
    bankExpires: 'Sandbox: o vencimento passa',
    pixTitle: 'Pagar com Pix, criado pelo backend da loja',
    pixIntro:
      'O backend da loja cria o Pix (Payment/Init com o seu app token) e entrega a esta página só a sessão. O script lê o pagamento no engine, mostra o QR code e o código para copiar, e acompanha o pagamento até ser pago ou expirar.',
    walletsTitle: 'Pagar com uma carteira',
    walletsIntro:
      'Google Pay (WalletAPay) e Apple Pay (WalletBPay): o comprador escolhe as parcelas, toca num botão e autoriza na tela da carteira; a página entrega o token da carteira, sem abri-lo, ao backend da loja, que paga com Payment/Init. No sandbox, as duas telas são simulações: escolha ali um cartão de teste.',
    googlePayUnavailable: 'O Google Pay não está disponível neste navegador.',
    applePayUnavailable: 'O Apple Pay não está disponível neste navegador.',
    recordHeading: 'Registro do Payment/Init',
    manualTitle: 'Pagar com cartão no seu próprio formulário',
    manualIntro:
      'Modo: <strong>3DS com tokenização manual</strong> (e <strong>3DS com JS puro</strong>). O formulário desta página coleta o cartão e o <code>tokenizeCard()</code> do script chama Token/Generate da página, após a preparação do 3DS e a verificação do navegador iniciadas quando o número ficou completo. Os dados do cartão passam por esta página, então a loja fica no <strong>PCI SAQ A-EP</strong>, não no SAQ A: prefira o formulário seguro quando puder.',
    cardNumberLabel: 'Número do cartão',
    expiryMonth: 'Mês de validade',
    expiryYear: 'Ano de validade (quatro dígitos)',
    securityCode: 'Código de segurança',
    nameOnCard: 'Nome impresso no cartão',
    manualScenariosText:
      'O emissor do sandbox responde pelo número do cartão. Escolha um cenário para ver o cartão a digitar: validade <strong id="scenario-expiry">01</strong>, qualquer código de segurança. Um desafio pede o código <strong>1234</strong>. Acrescente <code>?own-fetch</code> ao endereço para chamar Token/Generate com o <code>fetch</code> da própria página, como na linha de tokenização manual.',
  },
  es: {
    brand: 'Tienda demo',
    language: 'Idioma',
    card: 'Tarjeta',
    orderTotal: 'Total del pedido:',
    pay: 'Pagar {amount}',
    outcome: 'Resultado',
    record: 'Registro del pago',
    scenariosHeading: 'Escenarios de prueba de 3DS',
    scenario: 'Escenario',
    scenariosText:
      'El emisor del sandbox responde según el número de tarjeta. Elige un escenario para ver la tarjeta que escribir: vencimiento <strong id="scenario-expiry">01</strong>, cualquier código de seguridad. Un desafío pide el código <strong>1234</strong>.',
    landingTitle: 'Demo del checkout',
    landingIntro:
      'Páginas de tienda para cada forma de integrar el script del checkout, con un pequeño backend de tienda que guarda el app token y el sandbox del servicio en esta máquina.',
    checkingSandbox: 'Comprobando el sandbox…',
    modesHeading: 'Modos de integración',
    modesCaption: 'Los modos de integración del servicio para integradores directos',
    colMode: 'Modo',
    colTokenizes: 'Quién tokeniza',
    colInit: 'Quién llama a Payment/Init',
    colPage: 'Página de la demo',
    yourFrontend: 'tu propio formulario en el frontend',
    yourBackend: 'tu backend',
    clientScript: 'script del cliente (frontend)',
    yourJs: 'el JS de tu frontend llama a Token/Generate',
    linkManual: 'Tu propio formulario con tokenizeCard() (SAQ A-EP)',
    linkCard: 'Pago con tarjeta en el formulario seguro',
    linkEverything: 'El script paga y sigue el pago (pay())',
    linkOwnFetch: 'Tu propio formulario y tu propia llamada a Token/Generate (SAQ A-EP)',
    otherPages: 'Otras páginas',
    merchantBackend: 'Backend de la tienda',
    cardTitle: 'Pagar con tarjeta',
    cardIntro:
      'Modo: <strong>3DS usando el script del cliente para la tokenización</strong>. Los campos de la tarjeta están en un frame servido por el token host; esta página nunca ve el número de la tarjeta. El backend de la tienda paga con el token.',
    askDocument: 'Pedir el CPF o CNPJ del comprador',
    savedCards: 'Tarjetas guardadas',
    everythingTitle: 'Pagar con tarjeta, pagado por el script',
    everythingIntro:
      'Modo: <strong>3DS usando el script del cliente para todo</strong>. El backend de la tienda solo crea la sesión, con el pedido; el script tokeniza, hace el 3DS, llama a Payment/Init desde esta página y sigue el pago hasta el final. El importe viene de la sesión: esta página no puede cambiarlo.',
    payPix: 'Pagar {amount} con Pix',
    everythingScenariosText:
      'El emisor del sandbox responde según el número de tarjeta. Elige un escenario para ver la tarjeta que escribir: vencimiento <strong id="scenario-expiry">01</strong>, cualquier código de seguridad. Un desafío pide el código <strong>1234</strong>. La tarjeta 4000 0000 0000 0002 es rechazada.',
    plainTitle: 'Página de checkout sencilla',
    plainIntro:
      'La integración más pequeña: una etiqueta de script fijada con Subresource Integrity, bajo una política que solo permite scripts y estilos de este origen.',
    payPlain: 'Pagar',
    debitTitle: 'Pagar con crédito o débito, en cuotas',
    debitIntro:
      'Modo: <strong>3DS usando el script del cliente para la tokenización</strong>. La tienda financia este pedido: hasta 3 cuotas sin interés, luego 1,99% al mes hasta 12. El servicio calcula cada plan; el formulario muestra, para cada uno con interés, el total, las tasas y el CET. Una tarjeta combo (crédito y débito) pregunta cómo pagar; el débito paga de una vez, tras el 3DS.',
    testCards: 'Tarjetas de prueba',
    testCardsText: 'Cualquier vencimiento futuro, cualquier código de seguridad.',
    boletoTitle: 'Pagar con boleto',
    boletoIntro:
      'Modo: <strong>script del cliente para todo</strong>. El backend de la tienda crea la sesión con el pedido; el script revisa el pagador, pide al servicio un boleto registrado y lo muestra aquí, y lo sigue hasta que se paga o vence. En el sandbox, los botones bajo el boleto hacen de banco del comprador.',
    payer: 'Pagador, como el banco registra el boleto',
    name: 'Nombre',
    cpfCnpj: 'CPF o CNPJ',
    street: 'Calle',
    number: 'Número',
    district: 'Barrio (bairro)',
    city: 'Ciudad',
    state: 'Estado (UF)',
    payBoleto: 'Pagar {amount} con boleto',
    bankPays: 'Sandbox: el comprador paga en el banco',
    bankExpires: 'Sandbox: pasa el vencimiento',
    pixTitle: 'Pagar con Pix, creado por el backend de la tienda',
    pixIntro:
      'El backend de la tienda crea el Pix (Payment/Init con su app token) y entrega a esta página solo la sesión. El script lee el pago en el engine, muestra el código QR y el código para copiar, y sigue el pago hasta que se paga o caduca.',
    walletsTitle: 'Pagar con una billetera',
    walletsIntro:
      'Google Pay (WalletAPay) y Apple Pay (WalletBPay): el comprador elige las cuotas, pulsa un botón y autoriza en la hoja de la billetera; la página entrega el token de la billetera, sin abrirlo, al backend de la tienda, que paga con Payment/Init. Con el sandbox, ambas hojas son simulaciones: elige allí una tarjeta de prueba.',
    googlePayUnavailable: 'Google Pay no está disponible en este navegador.',
    applePayUnavailable: 'Apple Pay no está disponible en este navegador.',
    recordHeading: 'Registro de Payment/Init',
    manualTitle: 'Pagar con tarjeta en tu propio formulario',
    manualIntro:
      'Modo: <strong>3DS con tokenización manual</strong> (y <strong>3DS con JS puro</strong>). El formulario de esta página recoge la tarjeta y el <code>tokenizeCard()</code> del script llama a Token/Generate desde la página, tras la preparación del 3DS y la comprobación del navegador iniciadas cuando el número estuvo completo. Los datos de la tarjeta pasan por esta página, así que la tienda está en <strong>PCI SAQ A-EP</strong>, no en SAQ A: prefiere el formulario seguro cuando puedas.',
    cardNumberLabel: 'Número de tarjeta',
    expiryMonth: 'Mes de vencimiento',
    expiryYear: 'Año de vencimiento (cuatro dígitos)',
    securityCode: 'Código de seguridad',
    nameOnCard: 'Nombre en la tarjeta',
    manualScenariosText:
      'El emisor del sandbox responde según el número de tarjeta. Elige un escenario para ver la tarjeta que escribir: vencimiento <strong id="scenario-expiry">01</strong>, cualquier código de seguridad. Un desafío pide el código <strong>1234</strong>. Añade <code>?own-fetch</code> a la dirección para llamar a Token/Generate con el <code>fetch</code> de la propia página, como en la fila de tokenización manual.',
  },
};

/** The page's words for `key`, with `{name}` filled from `values`. */
export function t(key, values = {}) {
  const template = MESSAGES[current]?.[key] ?? MESSAGES.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// Each marked element's English, as the HTML has it, read before its first translation.
const english = new WeakMap();

/**
 * Speaks `locale` (the Checkout's resolved one): the document's lang and every marked element. A
 * marked element's `data-*` values fill its `{name}`s (`data-amount` gives `{amount}`).
 */
export function setPageLocale(locale) {
  current = LOCALES.includes(locale) ? locale : 'en';
  document.documentElement.lang = current;
  for (const element of document.querySelectorAll('[data-i18n], [data-i18n-html], [data-i18n-label]')) {
    if (!english.has(element))
      english.set(element, {
        html: element.innerHTML,
        label: element.getAttribute('data-label'),
      });
    const own = english.get(element);
    const table = CHROME[current] ?? {};
    const fill = (text) => text.replace(/\{(\w+)\}/g, (whole, name) => element.dataset[name] ?? whole);
    const textKey = element.dataset.i18n;
    const htmlKey = element.dataset.i18nHtml;
    const labelKey = element.dataset.i18nLabel;
    if (textKey !== undefined) {
      if (table[textKey] === undefined) element.innerHTML = own.html;
      else element.textContent = fill(table[textKey]);
    }
    if (htmlKey !== undefined) element.innerHTML = table[htmlKey] ?? own.html;
    if (labelKey !== undefined && own.label !== null)
      element.setAttribute('data-label', table[labelKey] ?? own.label);
  }
  document.dispatchEvent(new CustomEvent('demo-locale', { detail: current }));
}

/**
 * Says an outcome in #status: the shopper's sentence and, with `error` (a CheckoutError or the
 * backend's `{code, message}`), the developer's words under it in a collapsed detail.
 */
export function showStatus(statusEl, sentence, error) {
  const line = document.createElement('p');
  line.textContent = sentence;
  if (error === undefined) {
    statusEl.replaceChildren(line);
    return;
  }
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = t('developerDetails');
  const text = document.createElement('p');
  const code = document.createElement('code');
  code.textContent = error.code ?? String(error);
  text.append(code);
  if (error.message) text.append(`: ${error.message}`);
  details.append(summary, text);
  statusEl.replaceChildren(line, details);
}

/** `key`'s words when the table has them, else `fallback` (a status or step it does not name). */
export function tOr(key, fallback, values) {
  return MESSAGES.en[key] === undefined ? fallback : t(key, values);
}

/** The shopper's sentence for a failed result's error code. */
export function sentenceFor(code) {
  switch (code) {
    case 'payment_declined':
    case 'declined':
      return t('declined');
    case 'authentication_failed':
    case 'authentication_rejected':
    case 'authentication_unavailable':
      return t('authFailed');
    case 'challenge_cancelled':
    case 'challenge_timeout':
      return t('challengeClosed');
    case 'session_expired':
      return t('sessionExpired');
    case 'order_already_paid':
      return t('alreadyPaid');
    case 'network_error':
    case 'service_unavailable':
    case 'frame_unavailable':
    case 'timeout':
      return t('unavailable');
    case 'wallet_cancelled':
      return t('walletCancelled');
    case 'payer_invalid':
      return t('payerInvalid');
    default:
      return /^(card_|cvv_)|^validation_failed$/.test(code ?? '') ? t('invalidCard') : t('notPaid');
  }
}

// Every page speaks its language from the start (an `async` page script may run before the document is
// parsed: then once it is); a page with a Checkout says it again with the Checkout's own resolution.
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => setPageLocale(current), { once: true });
else setPageLocale(current);
