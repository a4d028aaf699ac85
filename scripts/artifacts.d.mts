export const version: string;
export function scriptFile(v?: string): string;
export function framesDir(v?: string): string;
