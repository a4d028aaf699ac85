/** The parts of a custom elements manifest (schema 1.0.0) that the reference reads. */
export interface Manifest {
  schemaVersion: string;
  modules: {
    kind: string;
    path: string;
    declarations?: ElementDeclaration[];
    exports?: { kind: string; name: string; declaration: { name: string; module?: string } }[];
  }[];
}

export interface ElementDeclaration {
  kind: string;
  name: string;
  description?: string;
  tagName?: string;
  customElement?: boolean;
  members?: {
    kind: 'field' | 'method';
    name: string;
    description?: string;
    type?: { text: string };
    default?: string;
    attribute?: string;
    reflects?: boolean;
    readonly?: boolean;
    static?: boolean;
    privacy?: string;
    parameters?: { name: string }[];
  }[];
  attributes?: { name: string; description?: string; type?: { text: string }; fieldName?: string }[];
  events?: { name?: string; description?: string; type?: { text: string } }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; description?: string; default?: string }[];
}

export const API_DIR: string;
export function filesIn(dir: string): string[];
export function elementsManifest(): Promise<Manifest>;
export function renderElements(manifest: Manifest, pages: readonly string[]): string;
export function generate(out?: string): Promise<void>;
