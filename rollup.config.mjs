// Builds the embeddable widget: a self-contained UMD bundle (global `ReceiptCalculator`) for
// a plain script tag, an ES module bundle, and declarations for the public API.
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

const STYLIS_WITHOUT_PREFIXER = fileURLToPath(new URL('./src/widget/build/stylis-no-prefixer.js', import.meta.url));

/** styled-components' `stylis` import goes to the stand-in that drops the unused vendor prefixer. */
const stylisWithoutPrefixer = {
  name: 'stylis-without-prefixer',
  resolveId(source, importer) {
    if (source === 'stylis' && importer?.includes('/node_modules/styled-components/')) return STYLIS_WITHOUT_PREFIXER;
    return null;
  },
};

export default {
  input: 'src/widget/index.ts',
  output: [
    {
      file: `${outDir}/receipt-calculator.umd.js`,
      format: 'umd',
      name: 'ReceiptCalculator',
      exports: 'named',
      sourcemap: false,
    },
    {
      file: `${outDir}/receipt-calculator.esm.js`,
      format: 'es',
      sourcemap: false,
    },
  ],
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
  ],
};
