// Request shapes of the spec (section 2), as zod schemas. The spec writes field names both in camelCase
// and all-lowercase (partnerUniqueId / partneruniqueid) and says both denote the same field, so every
// object here matches its keys case-insensitively and hands the handlers the canonical spelling.

import { z } from 'zod';
import type { BoletoPayer, Customer, FrontData, Vendor } from './records.ts';
import { DOCUMENT_TYPES, taxIdProblem, type DocumentType } from './tax-id.ts';

type Shape = Record<string, z.ZodType>;

function canonicalKeys(shape: Shape) {
  const canonical = new Map(Object.keys(shape).map((key) => [key.toLowerCase(), key]));
  return (input: unknown, ctx: z.core.$RefinementCtx): unknown => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const entries = new Map<string, unknown>();
    for (const [key, value] of Object.entries(input)) {
      const name = canonical.get(key.toLowerCase()) ?? key;
      if (entries.has(name)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${name}" is given twice in different spellings`,
          path: [name],
        });
        continue;
      }
      entries.set(name, value);
    }
    // fromEntries defines own properties, so a "__proto__" key stays data and never touches the prototype.
    return Object.fromEntries(entries);
  };
}

/** An object whose keys match case-insensitively; unknown keys are refused. */
export function strict<T extends Shape>(shape: T) {
  return z.preprocess(canonicalKeys(shape), z.strictObject(shape));
}

/** Same, but unknown keys are kept (objects where the spec allows custom data). */
export function loose<T extends Shape>(shape: T) {
  return z.preprocess(canonicalKeys(shape), z.looseObject(shape));
}

const text = (max = 256) => z.string().max(max);
const id = z.string().min(1).max(128);
const money = z.number().nonnegative().max(1e12);
/** Free JSON for the custom-data fields the spec lists (customer.data, antiFraud.data, ...). */
const freeJson = z.record(z.string(), z.json());

/** The tax id pair of customer, billingInfo and vendor; checked together by `withTaxId`. */
const taxIdShape = {
  document: text(32).optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
};

/** A valid CPF or CNPJ that agrees with its documentType (sandbox/tax-id.ts), on the field at fault. */
function withTaxId<
  T extends z.ZodType<{ document?: string | undefined; documentType?: DocumentType | undefined }>,
>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const problem = taxIdProblem(value.document, value.documentType);
    if (problem !== undefined)
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

export const customerSchema = withTaxId(
  strict({
    id,
    name: text().optional(),
    email: z.email().max(254).optional(),
    ...taxIdShape,
    data: freeJson.optional(),
  }),
);

const antiFraudItemSchema = strict({
  isEmailConfirmed: z.boolean().optional(),
  isPhoneNumberConfirmed: z.boolean().optional(),
  data: freeJson.optional(),
});

const itemSchema = strict({
  amount: money,
  detailUniqueId: text(128).optional(),
  productDescription: text(512).optional(),
  itemQuantity: z.int().positive().max(1_000_000).optional(),
  antiFraud: antiFraudItemSchema.optional(),
});

export const paymentItemsSchema = strict({ items: z.array(itemSchema).max(500) });

const addressShape = {
  street: text().optional(),
  number: text(32).optional(),
  neighborhood: text().optional(),
  city: text().optional(),
  state: text(64).optional(),
  postalCode: text(32).optional(),
  country: text(64).optional(),
};

export const frontDataSchema = loose({
  ipAddress: text(45).optional(),
  userAgent: text(2048).optional(),
  acceptHeader: text(2048).optional(),
  acceptLanguage: text(64).optional(),
  colorDepth: text(8).optional(),
  screenHeight: text(8).optional(),
  screenWidth: text(8).optional(),
  timeDifference: text(8).optional(),
  javaEnabled: z.enum(['Y', 'N']).optional(),
  javaScriptEnabled: z.enum(['Y', 'N']).optional(),
});

/** The subacquirer a payment is routed to and filed under (spec 2.5): the backend's to say. */
export const vendorSchema = withTaxId(
  strict({
    name: text().optional(),
    email: text(254).optional(),
    phone: text(32).optional(),
    websiteUrl: text(2048).optional(),
    code: text(64).optional(),
    mCC: z
      .string()
      .regex(/^\d{4}$/, 'mCC is a four-digit merchant category code')
      .optional(),
    ...taxIdShape,
    address: strict(addressShape).optional(),
  }),
);

// --- Token API ---------------------------------------------------------------------------------------

export const newSessionSchema = strict({
  customer: customerSchema,
  PaymentAccount: text(64).optional(),
  partnerUniqueId: text(128).optional(),
  Is3dsTest: z.boolean().optional(),
  // The spec's "full order data" for the client-script-for-everything mode; its shape is not shown, so
  // the sandbox takes the same objects Payment/Init uses.
  paymentItems: paymentItemsSchema.optional(),
  paymentData: strict({
    amount: money,
    currency: z.string().length(3),
    countryCode: text(3).optional(),
    // The most installments a browser may choose for the order (client script for everything): 1 when absent.
    // All interest-free; `installments` says the same and more (payments/installments.ts).
    maxInstallments: z.int().min(1).max(48).optional(),
    installments: strict({
      max: z.int().min(1).max(48),
      interestFree: z.int().min(1).max(48).optional(),
      monthlyRate: z.number().positive().max(20).optional(),
    }).optional(),
  }).optional(),
  // The order's subacquirer routing: a browser paying the order cannot name another (payments/browser.ts).
  vendor: vendorSchema.optional(),
});

export const cardSchema = strict({
  cardHolderName: text(128).optional(),
  cardNumber: z.string().max(32),
  expirationMonth: z.int(),
  expirationYear: z.int(),
  cvv: z.string().max(8),
  singleUse: z.boolean().optional(),
});

const sessionId = z.string().min(1).max(128);

/** The ThreeDS/Setup code that makes Token/Generate or Token/Bind check enrollment (spec 2.3). */
const setupCodeSchema = strict({ code: z.string().min(1).max(128) });

export const generateSchema = strict({
  sessionId,
  card: cardSchema,
  authenticationInformation: setupCodeSchema.optional(),
  frontData: frontDataSchema.optional(),
});

export const listSchema = strict({ sessionId });

/** A BIN's funding (Card/Funding): six to eight digits, never more of the number. */
export const fundingSchema = strict({ sessionId, bin: z.string().regex(/^\d{6,8}$/) });

// --- Passkeys (sandbox/passkeys.ts) --------------------------------------------------------------------
// WebAuthn's JSON as browsers and @simplewebauthn/browser write it: exact keys (a browser may add some,
// which are dropped), base64url values of bounded length.

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\w-]+$/);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const credentialShape = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.json()),
};

export const registrationResponseSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(8192),
    authenticatorData: base64url(4096).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
});

const tokenField = z.string().min(1).max(128);

/** Passkey/RegistrationOptions and Passkey/AuthenticationOptions. */
export const passkeyOptionsSchema = strict({ sessionId, token: tokenField });
export const passkeyRegisterSchema = strict({
  sessionId,
  token: tokenField,
  response: registrationResponseSchema,
});
/** The merchant backend's passkey calls. */
export const passkeyListSchema = strict({ customerId: id });
export const passkeyRevokeSchema = strict({ credentialId: base64url(1366) });
export const tokenDeleteSchema = strict({ token: tokenField });

/** Token/Bind: the security code, or (our addition to the spec) an assertion of the card's passkey. */
export const bindSchema = strict({
  sessionId,
  token: tokenField,
  cvv: z.string().max(8).optional(),
  passkey: authenticationResponseSchema.optional(),
  authenticationInformation: setupCodeSchema.optional(),
  frontData: frontDataSchema.optional(),
}).refine((body) => (body.cvv === undefined) !== (body.passkey === undefined), {
  message: 'Token/Bind takes either cvv or passkey, and one of them.',
  path: ['cvv'],
});

// --- Payment engine ----------------------------------------------------------------------------------

const billingInfoSchema = withTaxId(
  strict({
    ...taxIdShape,
    name: text().optional(),
    taxedAmount: money.optional(),
    billedAmount: money.optional(),
  }),
);

const stringOrNumber = z.union([z.string().max(8), z.number()]);

export const cardInfoSchema = strict({
  token: z.string().min(1).max(16_384).optional(),
  tokenProvider: z.string().max(32).optional(),
  cardHolderName: text(128).optional(),
  cardNumber: z.string().max(32).optional(),
  expirationMonth: z.int().optional(),
  expirationYear: z.int().optional(),
  brandName: text(32).optional(),
  cvv: z.string().max(8).optional(),
  singleUse: z.boolean().optional(),
  tokenSingleUse: z.int().min(0).max(1).optional(),
  saveCard: z.boolean().optional(),
  cryptogram: z.string().max(256).optional(),
  networkTokenExpirationMonth: stringOrNumber.optional(),
  networkTokenExpirationYear: stringOrNumber.optional(),
  billingInfo: billingInfoSchema.optional(),
});

export const authenticationInformationSchema = strict({
  Code: z.string().min(1).max(128),
  ReferenceId: z.string().min(1).max(128),
  TransactionId: z.string().min(1).max(128),
});

/** The 27 federative units (26 states and the Federal District), as a CEP's address names them. */
export const BRAZILIAN_STATES: readonly string[] =
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');

const filled = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim() !== '', 'is required, and not blank');

/**
 * A Boleto's payer: what a registered boleto needs (name, CPF or CNPJ, address), each part checked
 * here, on its own field. The CEP and the UF are written bare, as the documents are (sandbox/tax-id.ts).
 */
export const boletoPayerSchema = withTaxId(
  strict({
    name: filled(100),
    document: text(32),
    documentType: z.enum(DOCUMENT_TYPES),
    address: strict({
      street: filled(100),
      number: filled(16),
      complement: text(100).optional(),
      neighborhood: filled(60),
      city: filled(60),
      state: z
        .string()
        .refine(
          (value) => BRAZILIAN_STATES.includes(value),
          'is the UF, two capital letters of one of the 27 (SP, RJ, DF, …)',
        ),
      postalCode: z.string().regex(/^\d{8}$/, 'a CEP is 8 digits, written bare (01310100, not 01310-100)'),
    }),
  }),
);

export const paymentMethodSchema = strict({
  partnerUniqueId: text(128).optional(),
  paymentMethodType: z.string().min(1).max(8),
  amount: money.optional(),
  installments: z.int().min(1).max(48).optional(),
  // Our addition: how a card token pays, the shopper's choice on a combo card (card-funding.ts); credit when absent.
  funding: z.enum(['credit', 'debit']).optional(),
  // Our addition: the plan's amounts as the page showed them; checked against the order's plan.
  installmentAmount: money.optional(),
  totalAmount: money.optional(),
  cardInfo: cardInfoSchema.optional(),
  /** A Boleto's payer (method type 2), required there and refused elsewhere (sandbox/payments/boleto.ts). */
  payer: boletoPayerSchema.optional(),
  data: freeJson.optional(),
  AuthenticationInformation: authenticationInformationSchema.optional(),
});

const paymentInitShape = {
  tokenSession: sessionId.optional(),
  partnerUniqueId: text(128),
  customer: customerSchema.optional(),
  paymentItems: paymentItemsSchema.optional(),
  paymentData: strict({
    paymentMethods: z.array(paymentMethodSchema).min(1).max(10),
    countryCode: text(3).optional(),
    amount: money.optional(),
    currency: z.string().length(3).optional(),
    deliveryAddress: strict({ ...addressShape, phone: text(32).optional() }).optional(),
    antiFraud: strict({ deliveryAddressee: text().optional(), data: freeJson.optional() }).optional(),
  }),
  frontData: frontDataSchema.optional(),
  vendor: vendorSchema.optional(),
  isTest: z.boolean().optional(),
  isFromFrontend: z.boolean().optional(),
};

export const paymentInitSchema = strict(paymentInitShape);

/**
 * Payment/Init from a browser (client script for everything): the order's reference may be left out, as
 * may its amount and currency, since they come from the session (sandbox/payments/browser.ts).
 */
export const browserPaymentInitSchema = strict({
  ...paymentInitShape,
  partnerUniqueId: text(128).optional(),
});

/** The installment plans of a session's order, for a debit (plan 1) or a credit payment. */
export const installmentPlansSchema = strict({
  tokenSession: sessionId,
  funding: z.enum(['credit', 'debit']).optional(),
});

/** A browser reads the status of its own session's payment, and of nothing else. */
export const sessionStatusSchema = strict({ tokenSession: sessionId });

export const paymentStatusSchema = strict({
  paymentId: z.string().min(1).max(128).optional(),
  partnerUniqueId: text(128).optional(),
});

export type NewSessionRequest = z.infer<typeof newSessionSchema>;
export type GenerateRequest = z.infer<typeof generateSchema>;
export type CardRequest = z.infer<typeof cardSchema>;
export type PaymentInitRequest = z.infer<typeof paymentInitSchema>;
export type BrowserPaymentInitRequest = z.infer<typeof browserPaymentInitSchema>;
export type PaymentMethodRequest = z.infer<typeof paymentMethodSchema>;
export type CardInfoRequest = z.infer<typeof cardInfoSchema>;

/** Compiles only when A and B are each assignable to the other. */
type Same<A extends B, B extends C, C = A> = [A, B];
/** The records (records.ts) keep these as the schemas check them: a schema that drifts fails here. */
export type SchemasMatchRecords = [
  Same<z.infer<typeof customerSchema>, Customer>,
  Same<z.infer<typeof frontDataSchema>, FrontData>,
  Same<z.infer<typeof vendorSchema>, Vendor>,
  Same<z.infer<typeof boletoPayerSchema>, BoletoPayer>,
];

/** The sandbox control that ends a session now (`POST /__sandbox/sessions/expire`). */
export const expireSessionSchema = strict({ sessionId: text(128) });
