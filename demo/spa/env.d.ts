// The build-time settings a static deployment of the app may be given (merchant-api.ts,
// settingsFromBuild): Vite inlines them into the bundle.
interface ImportMetaEnv {
  /** The merchant account name. */
  readonly VITE_CHECKOUT_ACCOUNT?: string;
  /** `sandbox` or `production`. */
  readonly VITE_CHECKOUT_ENVIRONMENT?: string;
  /** The token host (required in production). */
  readonly VITE_CHECKOUT_TOKEN_URL?: string;
}
