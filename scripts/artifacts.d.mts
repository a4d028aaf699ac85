export const version: string;
export function scriptFile(v?: string): string;
export function framesDir(v?: string): string;
export function fillPageTemplate(
  text: string,
  integrityOf: (file: string) => string,
  script?: string,
): string;
