/**
 * src/schemes/on-first-use.ts as the ES module build has it
 * (scripts/finish-build.ts puts the compiled file in its place): a bundle
 * cannot load a module on first use, so nothing is registered here, and the
 * scheme checks are in a bundle only when the program calls useSchemes()
 * (./use); without that, the option `scheme` throws an error that says so
 * (src/core/scheme-checks.ts).
 */
export {};
