export const MERCHANT_FILES: string[];
export function integrity(content: Buffer): string;
export function manifest(dir: string): {
  version: string;
  files: Record<string, { integrity: string; bytes: number }>;
};
