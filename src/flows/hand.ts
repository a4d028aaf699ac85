// How the Checkout and its flows deliver to the merchant's callbacks (`callback`, `onPayment`).

/** Gives the merchant's callback a result; its failing must not turn into ours: it surfaces as theirs. */
export function hand<T>(callback: ((result: T) => void) | undefined, result: T): T {
  try {
    callback?.(result);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
  return result;
}
