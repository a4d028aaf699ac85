// What the passkey window (passkey.html) and the card frame that opened it say to each other. Both are
// the token host's documents: each takes a message only from the other window, and only from its own
// origin (see passkeyWindow() in frames/card/passkey-window.ts and window.ts here).

/** The words the window shows, in the frame's locale (the window carries no strings of its own). */
export interface WindowText {
  title: string;
  card: string;
  create: string;
  cancel: string;
}

/** The frame's one message: the registration to run, and how to say it. */
export interface CreateRequest {
  type: 'svc-passkey-create';
  lang: string;
  text: WindowText;
  options: unknown;
}

/** The window's messages: it is listening; the authenticator's answer; or why there is none. */
export type WindowMessage =
  | { type: 'svc-passkey-window'; state: 'ready' }
  | { type: 'svc-passkey-window'; state: 'created'; response: unknown }
  | { type: 'svc-passkey-window'; state: 'failed'; name: string; message: string; code?: string };

const record = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null;

export function isCreateRequest(data: unknown): data is CreateRequest {
  if (!record(data) || data['type'] !== 'svc-passkey-create' || typeof data['lang'] !== 'string')
    return false;
  const text = data['text'];
  return (
    record(text) &&
    ['title', 'card', 'create', 'cancel'].every((key) => typeof text[key] === 'string') &&
    record(data['options'])
  );
}

export function isWindowMessage(data: unknown): data is WindowMessage {
  if (!record(data) || data['type'] !== 'svc-passkey-window') return false;
  switch (data['state']) {
    case 'ready':
      return true;
    case 'created':
      return record(data['response']);
    case 'failed':
      return typeof data['name'] === 'string' && typeof data['message'] === 'string';
    default:
      return false;
  }
}
