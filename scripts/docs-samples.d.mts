export const codeLanguages: Set<string>;
export const shellLanguages: Set<string>;
export interface Block {
  line: number;
  lang: string;
  body: string;
  sample?: { path: string; region: string };
}
export function blocks(markdown: string): Block[];
export function strayMarkers(markdown: string): number[];
export function region(source: string, name: string): string;
export function asPublished(text: string, scriptFile: string): string;
export function runnerOf(root: string, path: string): { runner: string } | { problem: string };
export function shellProblems(
  body: string,
  scripts: Record<string, string>,
  exists: (path: string) => boolean,
): string[];
export function fill(markdown: string, read: (path: string) => string, scriptFile: string): string;
export function docFiles(root: string, dir?: string): string[];
export function slug(heading: string): string;
export function brokenLinks(root: string, doc: string): string[];
