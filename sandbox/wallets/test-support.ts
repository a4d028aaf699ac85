// What the wallet token tests share.

import { WalletTokenError, type WalletTokenRefusal } from './common.ts';

/** The reason `open` refuses a token for, or undefined when it opens; any other error is thrown on. */
export function refusal(open: () => unknown): WalletTokenRefusal | undefined {
  try {
    open();
  } catch (error) {
    if (error instanceof WalletTokenError) return error.reason;
    throw error;
  }
  return undefined;
}
