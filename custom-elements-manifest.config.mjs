// The custom elements manifest (dist/custom-elements.json) of the merchant-side elements, for editors,
// linters and docs/api/elements.md: their attributes, properties, events, CSS parts and custom
// properties, read from the classes and their JSDoc (`@tag`, `@event`, `@csspart`, `@cssproperty`).
// `npm run build` writes it; scripts/api-docs.ts reads it through the same options.

/**
 * What a merchant can reach, and nothing else: the element classes (not the constants and helper
 * types their modules export for the Checkout), without `#private` and static members, and without
 * the events the analyzer finds dispatched but cannot name (their class's `static type` names them;
 * the `@event` tags are the record).
 * @type {import('@custom-elements-manifest/analyzer').Plugin}
 */
const merchantFacing = {
  name: 'svc-merchant-facing',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      module.declarations = (module.declarations ?? []).filter((d) => d.customElement === true);
      const names = new Set(module.declarations.map((d) => d.name));
      module.exports = (module.exports ?? []).filter((e) => names.has(e.declaration?.name));
      for (const element of module.declarations) {
        element.members = (element.members ?? []).filter(
          (m) => m.privacy !== 'private' && m.privacy !== 'protected' && m.static !== true,
        );
        element.events = (element.events ?? []).filter((e) => typeof e.name === 'string');
        // The tag's registration (src/define.ts, through a registry argument the analyzer cannot follow).
        module.exports.push({
          kind: 'custom-element-definition',
          name: element.tagName,
          declaration: { name: element.name, module: module.path },
        });
      }
    }
  },
};

/**
 * Module paths as the package has them: the elements' declarations in dist/types/ (the sources are not
 * shipped, and the classes reach merchants as types; the runtime is dist/checkout.js).
 * @type {import('@custom-elements-manifest/analyzer').Plugin}
 */
const packagePaths = {
  name: 'svc-package-paths',
  packageLinkPhase({ customElementsManifest }) {
    const shipped = (/** @type {string} */ path) => path.replace(/^src\/(.*)\.ts$/, 'dist/types/$1.d.ts');
    for (const module of customElementsManifest.modules) {
      module.path = shipped(module.path);
      for (const entry of module.exports ?? [])
        if (entry.declaration?.module !== undefined)
          entry.declaration.module = shipped(entry.declaration.module);
    }
  },
};

export default {
  // The merchant-side elements: the card form's host, and the 3DS challenge dialog (with its 3DS room).
  globs: ['src/elements/*.ts', 'src/three-ds/page/challenge-dialog.ts'],
  // The script-tag builds' swapped modules (*.script.ts) are not in the package's types.
  exclude: ['src/elements/*.test.ts', 'src/elements/*.styles.ts', 'src/elements/*.script.ts'],
  outdir: 'dist',
  // The CLI's --litelement: `static properties`, reflected attributes, Lit's lifecycle left out.
  litelement: true,
  // package.json names the manifest itself; the analyzer must not rewrite it on every build.
  packagejson: false,
  plugins: [merchantFacing, packagePaths],
};
