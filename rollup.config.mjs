// Builds the embeddable widget in three steps, one after another:
//
// 1. ES modules from the sources: `receipt-calculator.esm.js` and the body of My receipts, which
//    the widget imports only when that view first opens (`receipt-calculator.my-receipts.esm.js`).
//    Rollup splits the code: whatever both need stays in the first file.
// 2. The UMD bundle for a plain script tag (global `ReceiptCalculator`), made from the first
//    file: self-contained for everything but My receipts' body, whose import becomes a script
//    element for the file beside the bundle (CHUNK_LOADER below).
// 3. That file (`receipt-calculator.my-receipts.js`), made from the body's module: a plain script
//    that takes what it shares with the bundle (React, components, state) from the bundle's
//    `ReceiptCalculator.__shared`, never a copy of its own.
//
// Declarations for the public API come with step 1. Measured with `npm run bench:size`.
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { fileURLToPath } from 'node:url';
import { minifyCss } from './src/widget/build/minify-css.ts';

// The bundle's own styled-components attribute: a host page that runs its own copy of
// styled-components (attribute `data-styled`) can neither rehydrate nor remove our rules.
const SC_ATTR = 'data-receipt-calculator-sc';

// Optional default backend for a build that ships pointed at one; the default build has none.
const DEFAULT_API_URL = process.env.RECEIPT_CALCULATOR_API_URL ?? '';

// `RECEIPT_CALCULATOR_MINIFY=0` writes readable bundles (bench/size.ts uses it for the
// unminified figure); every other build is minified.
const minify = process.env.RECEIPT_CALCULATOR_MINIFY !== '0';
const outDir = process.env.RECEIPT_CALCULATOR_OUT_DIR ?? 'dist';

const ESM = 'receipt-calculator.esm.js';
const BODY = 'receipt-calculator.my-receipts';

const STYLIS_WITHOUT_PREFIXER = fileURLToPath(new URL('./src/widget/build/stylis-no-prefixer.js', import.meta.url));

/** styled-components' `stylis` import goes to the stand-in that drops the unused vendor prefixer. */
const stylisWithoutPrefixer = {
  name: 'stylis-without-prefixer',
  resolveId(source, importer) {
    if (source === 'stylis' && importer?.includes('/node_modules/styled-components/')) return STYLIS_WITHOUT_PREFIXER;
    return null;
  },
};

/** The split must give exactly the entry and My receipts' body: the later steps rely on it. */
const twoFiles = {
  name: 'two-files',
  generateBundle(_options, bundle) {
    const names = Object.keys(bundle).filter((name) => name.endsWith('.js')).sort();
    const expected = [`${BODY}.esm.js`, ESM].sort();
    if (JSON.stringify(names) !== JSON.stringify(expected)) {
      this.error(`The ES build should write ${expected.join(' and ')}, not ${names.join(', ')}.`);
    }
  },
};

/**
 * Loads My receipts' body from the file beside the UMD bundle, the first time it is asked for.
 * The script's address comes from the bundle's own script element (read while it runs), and so
 * does its CSP nonce. The body registers itself as `ReceiptCalculator.__myReceipts`.
 */
const CHUNK_LOADER = `var rcSelf=function(){try{var s=document.currentScript;return s&&s.src?{src:s.src,nonce:s.nonce||""}:null}catch(e){return null}}();
function rcLoadBody(){return new Promise(function(resolve,reject){var g=typeof globalThis!=="undefined"?globalThis:window;function body(){return g.ReceiptCalculator&&g.ReceiptCalculator.__myReceipts}if(body())return resolve(body());if(!rcSelf)return reject(new Error("The widget's script address is unknown, so My receipts cannot be loaded."));var s=document.createElement("script");s.src=new URL("${BODY}.js",rcSelf.src).href;s.async=true;if(rcSelf.nonce)s.nonce=rcSelf.nonce;s.onload=function(){s.remove();body()?resolve(body()):reject(new Error("My receipts did not load."))};s.onerror=function(){s.remove();reject(new Error("My receipts could not be fetched."))};document.head.appendChild(s)})}`;

/** In the UMD bundle, `import()` of the body becomes the loader above. */
const bodyByScript = {
  name: 'body-by-script',
  resolveDynamicImport(specifier) {
    return typeof specifier === 'string' && specifier.endsWith(`${BODY}.esm.js`) ? false : null;
  },
  renderDynamicImport({ targetModuleId }) {
    return targetModuleId?.endsWith(`${BODY}.esm.js`) ? { left: 'rcLoadBody(', right: ')' } : null;
  },
};

/** The UMD's entry: the public API, and everything the body shares with it under `__shared`. */
const UMD_ENTRY = '\0receipt-calculator-umd';
const umdEntry = {
  name: 'umd-entry',
  resolveId: (source) => (source === UMD_ENTRY ? UMD_ENTRY : null),
  load(id) {
    if (id !== UMD_ENTRY) return null;
    const esm = JSON.stringify(fileURLToPath(new URL(`${outDir}/${ESM}`, `file://${process.cwd()}/`)));
    return `export { mountReceiptCalculator } from ${esm};\nimport * as shared from ${esm};\nexport { shared as __shared };\n`;
  },
};

const isEntry = (id) => id.endsWith(`/${ESM}`) || id === `./${ESM}`;

export default [
  {
    input: 'src/widget/index.ts',
    // The shared code stays in the entry (which then exports it to the body), not in a third file.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: ESM,
      chunkFileNames: `${BODY}.esm.js`,
      sourcemap: false,
    },
    plugins: [
      replace({
        preventAssignment: true,
        values: {
          'process.env.NODE_ENV': JSON.stringify('production'),
          __RECEIPT_CALCULATOR_API_URL__: JSON.stringify(DEFAULT_API_URL),
        },
      }),
      // styled-components reads its attribute as
      // `typeof process != "undefined" && process.env !== undefined && (process.env.REACT_APP_SC_ATTR || process.env.SC_ATTR) || "data-styled"`,
      // so in its files alone the guards become true and `process.env` an empty object.
      replace({
        include: ['**/node_modules/styled-components/**'],
        preventAssignment: true,
        values: {
          'process.env.REACT_APP_SC_ATTR': 'undefined',
          'process.env.SC_ATTR': JSON.stringify(SC_ATTR),
          'typeof process': JSON.stringify('object'),
          'process.env': '({})',
        },
      }),
      stylisWithoutPrefixer,
      resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
      commonjs(),
      typescript({
        tsconfig: './tsconfig.json',
        // Only the browser code: the backend and the tests are not part of this program.
        include: ['src/widget/**/*.ts', 'src/widget/**/*.tsx', 'src/contract.ts', 'src/sample-receipt.ts'],
        filterRoot: '.',
        // Never write emitted files beside the sources; declarations go to the output folder only.
        outputToFilesystem: false,
        compilerOptions: {
          noEmit: false,
          declaration: true,
          declarationDir: `${outDir}/types`,
          outDir,
          rootDir: 'src',
          module: 'esnext',
          moduleResolution: 'bundler',
          types: [],
        },
      }),
      ...(minify
        ? [
            // The CSS in the widget's styled-components templates, without comments and spare whitespace.
            minifyCss((id) => id.includes('/src/widget/') && /\.tsx?$/.test(id)),
            terser({
              ecma: 2020,
              compress: { passes: 3, pure_getters: true },
              // Plain ASCII (\u escapes): a host page in another encoding (windows-1252 on older
              // sites) that serves the bundle without a charset still reads ↗, € and ≈ right.
              format: { comments: false, ascii_only: true },
            }),
          ]
        : []),
      twoFiles,
    ],
  },
  {
    // Already minified by the first step: rollup only wraps it.
    input: UMD_ENTRY,
    output: {
      file: `${outDir}/receipt-calculator.umd.js`,
      format: 'umd',
      name: 'ReceiptCalculator',
      exports: 'named',
      intro: CHUNK_LOADER,
      sourcemap: false,
    },
    plugins: [umdEntry, bodyByScript],
  },
  {
    input: `${outDir}/${BODY}.esm.js`,
    external: isEntry,
    output: {
      file: `${outDir}/${BODY}.js`,
      format: 'iife',
      name: 'ReceiptCalculator.__myReceipts',
      extend: true,
      globals: (id) => (isEntry(id) ? 'ReceiptCalculator.__shared' : id),
      sourcemap: false,
    },
  },
];
